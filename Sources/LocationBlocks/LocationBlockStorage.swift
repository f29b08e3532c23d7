import LinuxCoreLocation

/// The blocks and filters of one manager: an observer added with ``CLLocationManager/addObserver(_:)``, so it
/// lives exactly as long as the manager and receives every event alongside the app's delegate.
///
/// It holds no reference to the manager (each callback brings it). Values sit behind a lock so that setting a
/// block from one thread while the callback thread reads it is race-free; blocks are always called outside
/// the lock, on the manager's callback thread.
final class LocationBlockStorage: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    struct Values {
        var filter = LocationUpdateFilter()
        var authorizationDescription: CLLocationUpdateAuthorizationDescription?
        var locationUpdate: CLLocationUpdateBlock?
        var headingUpdate: CLHeadingUpdateBlock?
        var blocks = DelegateBlocks()
    }

    let values = Locked(Values())

    /// Serialises "find or install" so two threads cannot install two storages on one manager.
    private static let installation = NSLock()

    /// The storage installed on `manager`, if any.
    static func existing(on manager: CLLocationManager) -> LocationBlockStorage? {
        manager.observers.lazy.compactMap { $0 as? LocationBlockStorage }.first
    }

    /// The storage installed on `manager`, installing one on first use.
    static func installed(on manager: CLLocationManager) -> LocationBlockStorage {
        installation.withLock {
            if let storage = existing(on: manager) { return storage }
            let storage = LocationBlockStorage()
            manager.addObserver(storage)
            return storage
        }
    }

    /// Reads one delegate block.
    func block<Block>(_ key: KeyPath<DelegateBlocks, Block?>) -> Block? {
        values.withLock { $0.blocks[keyPath: key] }
    }

    /// Asks for the configured authorization when the status is not determined yet.
    func requestAuthorizationIfNeeded(_ manager: CLLocationManager) {
        guard manager.authorizationStatus == .notDetermined else { return }
        values.withLock { $0.authorizationDescription }?.request(from: manager)
    }

    // MARK: Update blocks

    /// Calls the location update block with each fix in order, stopping at once when it sets the flag;
    /// returns the fixes delivered before the stop (all of them if none).
    private func deliverToUpdateBlock(_ fixes: [CLLocation], manager: CLLocationManager) -> ArraySlice<CLLocation> {
        guard let update = values.withLock({ $0.locationUpdate }) else { return fixes[...] }
        for (index, fix) in fixes.enumerated() {
            var stop = false
            update(manager, fix, nil, &stop)
            if stop {
                stopLocationUpdates(manager)
                return fixes[...index]
            }
        }
        return fixes[...]
    }

    private func stopLocationUpdates(_ manager: CLLocationManager) {
        values.withLock { $0.locationUpdate = nil }
        manager.stopUpdatingLocation()
    }

    private func stopHeadingUpdates(_ manager: CLLocationManager) {
        values.withLock { $0.headingUpdate = nil }
        manager.stopUpdatingHeading()
    }

    /// Reports an error to the update blocks: heading failures to the heading block, denial to both, every
    /// other error to the location block.
    private func deliverErrorToUpdateBlocks(_ error: any Error, manager: CLLocationManager) {
        let code = (error as? CLError)?.code
        let (location, heading) = values.withLock { ($0.locationUpdate, $0.headingUpdate) }
        if code != .headingFailure, let location {
            var stop = false
            location(manager, nil, error, &stop)
            if stop { stopLocationUpdates(manager) }
        }
        if code == .headingFailure || code == .denied, let heading {
            var stop = false
            heading(manager, nil, error, &stop)
            if stop { stopHeadingUpdates(manager) }
        }
    }

    // MARK: CLLocationManagerDelegate

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let filter = values.withLock { $0.filter }
        let passed = filter.filter(locations, now: manager.clock.now)
        guard !passed.isEmpty else { return }
        let delivered = deliverToUpdateBlock(passed, manager: manager)
        block(\.didUpdateLocations)?(manager, Array(delivered))
    }

    func locationManager(
        _ manager: CLLocationManager, didUpdateTo newLocation: CLLocation, from oldLocation: CLLocation
    ) {
        let filter = values.withLock { $0.filter }
        guard filter.accepts(newLocation, now: manager.clock.now) else { return }
        block(\.didUpdateToFrom)?(manager, newLocation, oldLocation)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        if let update = values.withLock({ $0.headingUpdate }) {
            var stop = false
            update(manager, newHeading, nil, &stop)
            if stop { stopHeadingUpdates(manager) }
        }
        block(\.didUpdateHeading)?(manager, newHeading)
    }

    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
        block(\.shouldDisplayHeadingCalibration)?(manager) ?? false
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        deliverErrorToUpdateBlocks(error, manager: manager)
        block(\.didFailWithError)?(manager, error)
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        block(\.didChangeAuthorization)?(manager)
        block(\.didChangeAuthorizationStatus)?(manager, manager.authorizationStatus)
    }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        block(\.didChangeAuthorizationStatus)?(manager, status)
    }
}
