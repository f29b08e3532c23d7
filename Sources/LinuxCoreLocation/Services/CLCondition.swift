/// Something a ``CLMonitor`` watches: a condition that is satisfied or not at any moment.
///
/// Conditions are values that can be stored and sent between tasks. On Linux the only condition that can be
/// monitored is ``CLMonitor/CircularGeographicCondition``. Source: Apple's CoreLocation documentation
/// (`CLCondition`, iOS 17).
public protocol CLCondition: Codable, Sendable {}
