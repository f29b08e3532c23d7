/// The regions an app monitors, shared by every manager of the app (every manager with the same authorization).
///
/// Apple documents it so: "The regions you add using this method are shared by all location manager objects
/// in your app and stored in the monitoredRegions property."
///
/// Holds the set only, with Apple's limits (20 regions per app, a maximum radius); each manager decides the
/// state of every region from its own fixes. Thread-safe.
final class MonitoredRegions: Sendable {
    private let store: Protected<RegionMonitor>

    init(limit: Int, maximumRadius: CLLocationDistance) {
        store = Protected(RegionMonitor(limit: limit, maximumRadius: maximumRadius))
    }

    /// The regions, in the order they were first added.
    var regions: [CLRegion] { store.withLock { $0.regions } }

    /// Whether no region is monitored.
    var isEmpty: Bool { store.withLock { $0.isEmpty } }

    /// Adds `region`, replacing one with the same identifier; throws why it was refused.
    func add(_ region: CLRegion) throws(RegionMonitor.Refusal) {
        let result = store.withLock { set in
            Result { () throws(RegionMonitor.Refusal) in try set.add(region) }
        }
        try result.get()
    }

    /// Removes the region with `identifier`, if any.
    func remove(identifier: String) {
        store.withLock { $0.remove(identifier: identifier) }
    }
}
