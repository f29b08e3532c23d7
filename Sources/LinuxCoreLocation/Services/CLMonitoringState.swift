/// Whether a monitored condition holds, under the name of its Objective-C type: the same type as
/// ``CLMonitor/Event/State-swift.enum``.
///
/// Ported code uses either name (Apple's `CLMonitor.Event.State` is this type, and
/// `add(_:identifier:assuming:)` is declared with it). Raw values: unknown 0, satisfied 1, unsatisfied 2,
/// unmonitored 3. Source: Apple's CoreLocation documentation (`CLMonitoringState`, and the declaration of
/// `CLMonitor.add(_:identifier:assuming:)`).
public typealias CLMonitoringState = CLMonitor.Event.State
