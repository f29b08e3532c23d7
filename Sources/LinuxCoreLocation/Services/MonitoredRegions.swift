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
    }

    private let store: Protected<Store>

    init(limit: Int, maximumRadius: CLLocationDistance) {
        store = Protected(Store(monitor: RegionMonitor(limit: limit, maximumRadius: maximumRadius)))
    }

    /// The regions, in the order they were first added.
    var regions: [CLRegion] { store.withLock { $0.monitor.regions } }

    /// Whether no region is monitored.
    var isEmpty: Bool { store.withLock { $0.monitor.isEmpty } }

    /// Adds `region`, replacing one with the same identifier; throws why it was refused.
    func add(_ region: CLRegion) throws(RegionMonitor.Refusal) {
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

    /// Applies one fix that `receiver` got to every region and returns what it changed, in region order.
    ///
    /// Every manager gets each fix of the provider it shares with the others: the n-th fix with given values
    /// that a manager hands in is applied only if fewer than n such fixes were applied, so the copies that
    /// reach the other managers, however late, change nothing, while a provider's repeated fix still counts.
    func update(with fix: CLLocation, from receiver: ObjectIdentifier) -> [RegionMonitor.Event] {
        store.withLock { store in
            guard !store.monitor.isEmpty else { return [] }
            let key = FixKey(fix)
            let occurrence = store.seen[receiver, default: Ledger()].increment(key)
            guard store.applied.count(of: key) < occurrence else { return [] }
            _ = store.applied.increment(key)
            return store.monitor.update(with: fix)
        }
    }

    /// Forgets what `receiver` handed in, when its manager goes away.
    func forget(_ receiver: ObjectIdentifier) {
        _ = store.withLock { $0.seen.removeValue(forKey: receiver) }
    }
}
