import Dispatch
import Foundation
import LocationSupport

/// The part of a ``CLMonitor`` that lives on its manager's callback queue: the records, and the manager
/// whose fixes decide them.
///
/// Records sit under a lock; decisions are made on the callback queue in fix order and each event is
/// yielded to the stream there, so events come out in the order the fixes went in.
final class MonitorCore: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    private struct Entry {
        let identifier: String
        let condition: any CLCondition
        var lastEvent: CLMonitor.Event

        var hysteresis: RegionHysteresis? {
            guard let circle = condition as? CLMonitor.CircularGeographicCondition,
                circle.radius > 0, CLLocationCoordinate2DIsValid(circle.center)
            else { return nil }
            return RegionHysteresis(center: circle.center, radius: circle.radius)
        }
    }

    let stream: AsyncStream<CLMonitor.Event>
    private let continuation: AsyncStream<CLMonitor.Event>.Continuation
    private let manager: CLLocationManager
    /// The manager's callback queue, where fixes are decided.
    private let queue: DispatchQueue
    private let entries = Locked<[Entry]>([])
    private let updating = Locked(false)

    init(configuration: LocationManagerConfiguration) {
        var configuration = configuration
        let queue = configuration.callbackQueue ?? DispatchQueue(label: "LinuxCoreLocation.CLMonitor")
        configuration.callbackQueue = queue
        self.queue = queue
        (stream, continuation) = AsyncStream.makeStream(of: CLMonitor.Event.self)
        manager = CLLocationManager(configuration: configuration)
        super.init()
        manager.pausesLocationUpdatesAutomatically = false
        manager.delegate = self
    }

    deinit {
        manager.stopUpdatingLocation()
        continuation.finish()
    }

    var identifiers: [String] { entries.withLock { $0.map(\.identifier) } }

    func add(_ condition: any CLCondition, identifier: String, assuming: CLMonitor.Event.State) {
        let now = manager.clock.now
        let facts = self.facts
        var entry = Entry(
            identifier: identifier, condition: condition,
            lastEvent: CLMonitor.Event(identifier: identifier, state: assuming, date: now, facts: facts))
        // Beacons are never observed on Linux: the record keeps the assumed state, and no event comes.
        let undecidable = entry.hysteresis == nil && !(condition is CLMonitor.BeaconIdentityCondition)
        let unmonitored = undecidable && assuming != .unmonitored
        if undecidable {
            entry.lastEvent = CLMonitor.Event(
                identifier: identifier, state: .unmonitored, date: now, facts: facts, conditionUnsupported: true)
        }
        entries.withLock { entries in
            entries.removeAll { $0.identifier == identifier }
            entries.append(entry)
        }
        if unmonitored { continuation.yield(entry.lastEvent) }
        let wasUpdating = updating.withLock { $0 }
        updateService()
        // iOS reports the state of a new condition, but while updates already run a provider that reports only
        // changes may send no other fix: decide it from the last one, on the callback queue, after the fixes
        // queued before it.
        if wasUpdating && entry.hysteresis != nil {
            queue.async { [weak self] in self?.decideFromLastFix() }
        }
    }

    /// Decides every record from the manager's last fix while updates run; records that fix already decided
    /// do not change.
    private func decideFromLastFix() {
        guard updating.withLock({ $0 }), let fix = manager.location else { return }
        locationManager(manager, didUpdateLocations: [fix])
    }

    func remove(_ identifier: String) {
        entries.withLock { $0.removeAll { $0.identifier == identifier } }
        updateService()
    }

    func record(for identifier: String) -> CLMonitor.Record? {
        entries.withLock { entries in
            entries.first { $0.identifier == identifier }.map {
                CLMonitor.Record(condition: $0.condition, lastEvent: $0.lastEvent)
            }
        }
    }

    /// Runs location updates exactly while some condition can be decided from fixes.
    private func updateService() {
        let needed = entries.withLock { $0.contains { $0.hysteresis != nil } }
        let change = updating.withLock { updating in
            defer { updating = needed }
            return updating != needed
        }
        guard change else { return }
        if needed { manager.startUpdatingLocation() } else { manager.stopUpdatingLocation() }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let now = manager.clock.now
        let facts = self.facts
        let events: [CLMonitor.Event] = entries.withLock { entries in
            var events: [CLMonitor.Event] = []
            for fix in locations {
                for index in entries.indices {
                    guard let decided = entries[index].hysteresis?.decide(fix) else { continue }
                    let state: CLMonitor.Event.State = decided == .inside ? .satisfied : .unsatisfied
                    guard state != entries[index].lastEvent.state else { continue }
                    let event = CLMonitor.Event(
                        identifier: entries[index].identifier, state: state, date: now, facts: facts)
                    entries[index].lastEvent = event
                    events.append(event)
                }
            }
            return events
        }
        for event in events { continuation.yield(event) }
    }

    /// What the monitor's manager knows about authorization, for the iOS 18 flags of events.
    private var facts: AuthorizationFacts {
        AuthorizationFacts(manager.engine.app.snapshot, hasProvider: manager.engine.provider != nil)
    }

    /// A change of authorization: every record gets an event with its state and the new flags, when the flags
    /// changed, as iOS 18 reports why events stop (or resume) flowing.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let now = manager.clock.now
        let facts = self.facts
        let events: [CLMonitor.Event] = entries.withLock { entries in
            var events: [CLMonitor.Event] = []
            for index in entries.indices {
                let updated = entries[index].lastEvent.with(facts, at: now)
                guard !Self.sameFlags(updated, entries[index].lastEvent) else { continue }
                entries[index].lastEvent = updated
                events.append(updated)
            }
            return events
        }
        for event in events { continuation.yield(event) }
    }

    private static func sameFlags(_ one: CLMonitor.Event, _ other: CLMonitor.Event) -> Bool {
        one.accuracyLimited == other.accuracyLimited && one.authorizationDenied == other.authorizationDenied
            && one.authorizationDeniedGlobally == other.authorizationDeniedGlobally
            && one.authorizationRequestInProgress == other.authorizationRequestInProgress
            && one.authorizationRestricted == other.authorizationRestricted
    }
}
