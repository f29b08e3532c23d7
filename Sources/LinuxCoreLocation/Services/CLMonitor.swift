import Dispatch
import Foundation

/// Watches conditions — circles on the ground — and reports when they become satisfied or unsatisfied, as
/// an asynchronous sequence of events.
///
/// On Linux a monitor runs a ``CLLocationManager`` of its own (on a private callback queue, so it works from
/// any task) with standard location updates while it has circular conditions, and decides each condition
/// with the same hysteresis as region monitoring: a fix whose uncertainty circle straddles the boundary
/// changes nothing. An event is produced when a condition's decided state differs from its record's last
/// event (the `assuming` state at first). A ``BeaconIdentityCondition`` is never decided (Linux has no beacon
/// service): its record keeps the assumed state. Conditions of other types are recorded as `.unmonitored`. There is no
/// limit on the number of conditions. Source: Apple's CoreLocation documentation (`CLMonitor`, iOS 17); see the
/// "Condition monitoring" article.
public actor CLMonitor {
    /// The monitor's name.
    public nonisolated let name: String
    private let core: MonitorCore

    /// Creates a monitor with the process's default provider and authorization.
    ///
    /// - Parameter name: The monitor's name.
    public init(_ name: String) async {
        self.init(name, configuration: LocationManagerConfiguration())
    }

    /// Creates a monitor with a chosen provider and authorization; its manager calls back on
    /// `configuration.callbackQueue`, or on a private queue when that is `nil`.
    ///
    /// **Linux only.**
    ///
    /// - Parameters:
    ///   - name: The monitor's name.
    ///   - configuration: The provider, authorization and callback queue of the monitor's manager.
    public init(_ name: String, configuration: LocationManagerConfiguration) {
        self.name = name
        core = MonitorCore(configuration: configuration)
    }

    /// The events of every condition, in the order they happened; iterate from one task at a time.
    public var events: Events { Events(stream: core.stream) }

    /// The identifiers of the monitored conditions, in the order they were added.
    public var identifiers: [String] { core.identifiers }

    /// Starts monitoring `condition` under `identifier`, replacing a condition with that identifier.
    ///
    /// A circular condition is decided by the next fix, or at once from the last fix when the monitor already
    /// runs updates: the record starts in the assumed state, and a decided state that differs is an event.
    /// Source: Apple's CoreLocation documentation (`CLMonitor.add(_:identifier:)`: the record starts
    /// `.unknown`; `CLMonitor.Event`: a change of a condition's state).
    ///
    /// - Parameters:
    ///   - condition: The condition; a ``CircularGeographicCondition`` to be monitored on Linux.
    ///   - identifier: The name of the condition in events and records.
    ///   - assuming: The state the record starts with; an event is produced only when a fix decides otherwise.
    public func add(_ condition: any CLCondition, identifier: String, assuming: Event.State = .unknown) {
        core.add(condition, identifier: identifier, assuming: assuming)
    }

    /// Starts monitoring `condition` under `identifier`, assuming its state is unknown.
    ///
    /// - Parameters:
    ///   - condition: The condition.
    ///   - identifier: The name of the condition in events and records.
    public func add(_ condition: any CLCondition, identifier: String) {
        add(condition, identifier: identifier, assuming: .unknown)
    }

    /// Stops monitoring the condition with `identifier`; the location updates stop with the last condition.
    public func remove(_ identifier: String) {
        core.remove(identifier)
    }

    /// The condition with `identifier` and its last event, or `nil` if no such condition is monitored.
    public func record(for identifier: String) -> Record? {
        core.record(for: identifier)
    }
}
