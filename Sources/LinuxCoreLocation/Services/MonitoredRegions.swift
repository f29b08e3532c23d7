import Synchronization

/// The regions an app monitors, shared by every manager of the app (every manager with the same authorization).
///
/// Apple documents it so: "The regions you add using this method are shared by all location manager objects
/// in your app and stored in the monitoredRegions property."
///
/// Holds the set, with Apple's limits (20 regions per app, a maximum radius), and the app's state of each
/// region, decided by the fixes of whichever manager gets them first: a fix changes a state once, and the
/// manager that applied it hands the events to every other manager of the app, so every delegate sees the
/// same states and `requestState(for:)` answers the same whichever manager asks. Thread-safe.
final class MonitoredRegions: Sendable {
    /// A fix's values, by which the copies of one fix that reached several managers (one per callback thread)
    /// are recognised.
    private struct FixKey: Equatable {
        let timestamp: Date
        let latitude: CLLocationDegrees
        let longitude: CLLocationDegrees
        let accuracy: CLLocationAccuracy

        init(_ fix: CLLocation) {
            timestamp = fix.timestamp
            (latitude, longitude) = (fix.coordinate.latitude, fix.coordinate.longitude)
            accuracy = fix.horizontalAccuracy
        }
    }

    /// How many times fixes with given values were counted, for the most recent 256 values: more than any
    /// manager's callback thread lags behind another's.
    private struct Ledger {
        private var counts: [(key: FixKey, count: Int)] = []

        func count(of key: FixKey) -> Int { counts.first { $0.key == key }?.count ?? 0 }

        /// Counts one more `key` and returns its count.
        mutating func increment(_ key: FixKey) -> Int {
            if let index = counts.firstIndex(where: { $0.key == key }) {
                counts[index].count += 1
                return counts[index].count
            }
            if counts.count == 256 { counts.removeFirst() }
            counts.append((key, 1))
            return 1
        }
    }

    private struct Store {
        var monitor: RegionMonitor
        /// The fixes applied to the states.
        var applied = Ledger()
        /// The fixes each manager (by its engine) handed in.
        var seen: [ObjectIdentifier: Ledger] = [:]
        /// The most recent events the states went through, in order, and the sequence number of the first.
        var log: [RegionMonitor.Event] = []
        var logStart = 0
        /// The sequence number of the next event each manager (by its engine) is to report.
        var cursors: [ObjectIdentifier: Int] = [:]

        var logEnd: Int { logStart + log.count }
    }

    /// How many events the log keeps: a manager further behind than this loses the oldest (region events are
    /// rare: a few per crossing).
    private static let logCapacity = 256

    private let store: Protected<Store>
    /// Whether a region was ever added: until then there are no states and no events, so fixes skip the shared
    /// lock, which every manager's callback thread would otherwise take for every fix.
    private let everMonitored = Atomic<Bool>(false)

    init(limit: Int, maximumRadius: CLLocationDistance) {
        store = Protected(Store(monitor: RegionMonitor(limit: limit, maximumRadius: maximumRadius)))
    }

    /// The regions, in the order they were first added.
    var regions: [CLRegion] { store.withLock { $0.monitor.regions } }

    /// Whether no region is monitored.
    var isEmpty: Bool { store.withLock { $0.monitor.isEmpty } }

    /// Adds `region`, replacing one with the same identifier; throws why it was refused.
    func add(_ region: CLRegion) throws(RegionMonitor.Refusal) {
        everMonitored.store(true, ordering: .releasing)
        let result = store.withLock { store in
            Result { () throws(RegionMonitor.Refusal) in try store.monitor.add(region) }
        }
        try result.get()
    }

    /// Removes the region with `identifier`, if any.
    func remove(identifier: String) {
        store.withLock { $0.monitor.remove(identifier: identifier) }
    }

    /// The app's state of the monitored region with `identifier`; `.unknown` before the first decisive fix or
    /// for a region not monitored.
    func state(of identifier: String) -> CLRegionState {
        store.withLock { $0.monitor.state(of: identifier) }
    }

    /// Registers a manager (by its engine): it reports the events that happen from now on.
    func join(_ receiver: ObjectIdentifier) {
        store.withLock { $0.cursors[receiver] = $0.logEnd }
    }

    /// Applies one fix that `receiver` got to every region, then returns the events `receiver` has not reported
    /// yet, in the order the states went through them: those of this fix and any that other managers' fixes
    /// caused before.
    ///
    /// Every manager gets each fix of the provider it shares with the others: the n-th fix with given values
    /// that a manager hands in is applied only if fewer than n such fixes were applied, so the copies that
    /// reach the other managers, however late, change nothing, while a provider's repeated fix still counts.
    /// Each manager reports every event once and in the log's order, whichever manager's fix caused it.
    func update(with fix: CLLocation, from receiver: ObjectIdentifier) -> [RegionMonitor.Event] {
        guard everMonitored.load(ordering: .acquiring) else { return [] }
        return store.withLock { store in
            guard !store.monitor.isEmpty else { return Self.unreported(by: receiver, in: &store) }
            let key = FixKey(fix)
            let occurrence = store.seen[receiver, default: Ledger()].increment(key)
            if store.applied.count(of: key) < occurrence {
                _ = store.applied.increment(key)
                store.log += store.monitor.update(with: fix)
                if store.log.count > Self.logCapacity {
                    let excess = store.log.count - Self.logCapacity
                    store.log.removeFirst(excess)
                    store.logStart += excess
                }
            }
            return Self.unreported(by: receiver, in: &store)
        }
    }

    /// The events `receiver` has not reported yet, in order, now counted as reported.
    func unreportedEvents(for receiver: ObjectIdentifier) -> [RegionMonitor.Event] {
        guard everMonitored.load(ordering: .acquiring) else { return [] }
        return store.withLock { Self.unreported(by: receiver, in: &$0) }
    }

    private static func unreported(by receiver: ObjectIdentifier, in store: inout Store) -> [RegionMonitor.Event] {
        guard let cursor = store.cursors[receiver], cursor < store.logEnd else { return [] }
        store.cursors[receiver] = store.logEnd
        return Array(store.log[(max(cursor, store.logStart) - store.logStart)...])
    }

    /// Forgets `receiver`, when its manager goes away.
    func forget(_ receiver: ObjectIdentifier) {
        store.withLock { store in
            store.seen[receiver] = nil
            store.cursors[receiver] = nil
        }
    }
}
