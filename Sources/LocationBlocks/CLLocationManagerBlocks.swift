import LinuxCoreLocation
import LocationSupport
import Synchronization

/// The object that receives a manager's callbacks and calls its blocks: what
/// ``LinuxCoreLocation/CLLocationManager/blocksDelegate`` returns.
///
/// The pod declares this helper class in its header (`@interface CLLocationManagerBlocks : NSObject
/// <CLLocationManagerDelegate>`, with nothing else public), so Swift code may name it, typically to check
/// `manager.blocksDelegate as? CLLocationManagerBlocks`. One is made for a manager on first use of a block, a filter
/// or `blocksDelegate`, and lives exactly as long as the manager. The pod made it the manager's `delegate`; here it
/// is an observer (``/LinuxCoreLocation/CLLocationManager/addObserver(_:)``), so it receives every event alongside
/// the app's delegate, after it. Its only public members are the ``/LinuxCoreLocation/CLLocationManagerDelegate``
/// methods it implements, which Swift requires to be public: the manager calls them, and an app has no reason to.
///
/// It holds no reference to the manager (each callback brings it). Values sit behind a lock so that setting a
/// block from one thread while the callback thread reads it is race-free; blocks are always called outside the
/// lock, on the manager's callback thread. Source: CLLocationManager-blocks' `CLLocationManagerBlocks`.
public final class CLLocationManagerBlocks: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    /// An update block (location or heading) and a count of the starts that set it, so that a stop made by
    /// the block's flag can tell whether the block started updates again meanwhile.
    struct UpdateSlot<Value> {
        private(set) var block: ((CLLocationManager?, Value?, (any Error)?, UnsafeMutablePointer<ObjCBool>?) -> Void)?
        private(set) var generation = 0

        mutating func set(
            _ block: ((CLLocationManager?, Value?, (any Error)?, UnsafeMutablePointer<ObjCBool>?) -> Void)?
        ) {
            self.block = block
            generation += 1
        }
    }

    struct Values {
        var filter = LocationUpdateFilter()
        var statistics = LocationUpdateFilterStatistics()
        var authorizationDescription = CLLocationUpdateAuthorizationDescription.always
        var locationUpdate = UpdateSlot<CLLocation>()
        var headingUpdate = UpdateSlot<CLHeading>()
        var blocks = DelegateBlocks()
    }

    let values = Locked(Values())

    /// Counts the changes of ``Values/blocks``, each made under the lock of ``values``: a callback that read a block
    /// before calling user code reads it again only when this moved meanwhile (one turn of the lock per fix fewer).
    private let blocksVersion = Atomic<Int>(0)

    /// Changes the delegate blocks.
    func changeBlocks(_ change: (inout DelegateBlocks) -> Void) {
        values.withLock { values in
            change(&values.blocks)
            blocksVersion.add(1, ordering: .releasing)
        }
    }

    /// Serialises "find or install" so two threads cannot install two blocks objects on one manager.
    private static let installation = NSLock()

    /// The blocks object installed on `manager`, if any.
    static func existing(on manager: CLLocationManager) -> CLLocationManagerBlocks? {
        manager.observers.lazy.compactMap { $0 as? CLLocationManagerBlocks }.first
    }

    /// The blocks object installed on `manager`, installing one on first use.
    static func installed(on manager: CLLocationManager) -> CLLocationManagerBlocks {
        installation.withLock {
            if let blocks = existing(on: manager) { return blocks }
            let blocks = CLLocationManagerBlocks()
            manager.addObserver(blocks)
            return blocks
        }
    }

    /// Reads one delegate block.
    func block<Block>(_ key: KeyPath<DelegateBlocks, Block?>) -> Block? {
        values.withLock { $0.blocks[keyPath: key] }
    }

    /// Requests the configured authorization, as the pod does on every block-based start.
    func requestAuthorization(_ manager: CLLocationManager) {
        values.withLock { $0.authorizationDescription }.request(from: manager)
    }

    // MARK: Update blocks

    /// Calls the location update block with each fix in order, stopping at once when it sets the flag.
    ///
    /// Returns how many fixes were delivered before the stop (all of them if none). `first` is the block for the first
    /// fix, read by the caller under the lock it took anyway; later fixes read it again, as a block may replace itself.
    private func deliverToUpdateBlock(
        _ fixes: [CLLocation], manager: CLLocationManager, first: UpdateSlot<CLLocation>
    ) -> Int {
        for index in fixes.indices
        where callUpdate(
            Self.locationSlot, manager, fixes[index], nil, current: index == 0 ? first : nil, stop: Self.stopLocation)
        {
            return index + 1
        }
        return fixes.count
    }

    /// Calls the update block in `slot`, if any, and returns whether it set the flag.
    ///
    /// When it set the flag, the block is released and `stop` stops its service, unless the block started block-based
    /// updates again meanwhile.
    @discardableResult
    private func callUpdate<Value>(
        _ slot: WritableKeyPath<Values, UpdateSlot<Value>>, _ manager: CLLocationManager, _ value: Value?,
        _ error: (any Error)?, current: UpdateSlot<Value>? = nil, stop: (CLLocationManager) -> Void
    ) -> Bool {
        // `current` is used as it is, not through `??`, which copied it (a retain and a release of its block).
        if let current { return call(current, in: slot, manager, value, error, stop: stop) }
        return call(values.withLock { $0[keyPath: slot] }, in: slot, manager, value, error, stop: stop)
    }

    /// Calls the update block `read` from `slot`, as ``callUpdate(_:_:_:_:current:stop:)`` says.
    private func call<Value>(
        _ read: UpdateSlot<Value>, in slot: WritableKeyPath<Values, UpdateSlot<Value>>, _ manager: CLLocationManager,
        _ value: Value?, _ error: (any Error)?, stop: (CLLocationManager) -> Void
    ) -> Bool {
        guard let block = read.block else { return false }
        let generation = read.generation
        var flag: ObjCBool = false
        withUnsafeMutablePointer(to: &flag) { block(manager, value, error, $0) }
        guard flag.boolValue else { return false }
        let restarted = values.withLock { values in
            guard values[keyPath: slot].generation == generation else { return true }
            values[keyPath: slot].set(nil)
            return false
        }
        if !restarted { stop(manager) }
        return true
    }

    private static func stopLocation(_ manager: CLLocationManager) { manager.stopUpdatingLocation() }

    /// The location update block's slot: a key path made once, not at each fix (a key path literal is looked up, and
    /// its object retained and released, each time it is evaluated).
    private static let locationSlot: WritableKeyPath<Values, UpdateSlot<CLLocation>> & Sendable = \.locationUpdate

    // MARK: CLLocationManagerDelegate
    // Public because the conformance is: the manager calls these, an app need not. Each runs on the manager's
    // callback thread.

    /// Passes each fix that gets through the update filters to the location update block.
    ///
    /// One call per fix, oldest first, until the block sets its flag; then the fixes it saw go to the
    /// `didUpdateLocations` block. Source: CLLocationManager-blocks.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let now = manager.eventTime
        // The update block is read in the same turn of the lock as the filter: no user code runs in between. So is
        // the `didUpdateLocations` block, called after the update block: read again only if the blocks changed since.
        var updateSlot = UpdateSlot<CLLocation>()
        var didUpdate: ((CLLocationManager, [CLLocation]) -> Void)?
        var version = 0
        let passed = values.withLock { values in
            updateSlot = values.locationUpdate
            didUpdate = values.blocks.didUpdateLocations
            version = blocksVersion.load(ordering: .relaxed)
            // Most calls pass every fix: those reuse the manager's array, and only a rejection starts a new one.
            var kept: [CLLocation]?
            for (index, fix) in locations.enumerated() {
                let passes = values.statistics.count(values.filter.verdict(on: fix, now: now), for: fix, now: now)
                if kept == nil, !passes {
                    kept = Array(locations[..<index])
                } else if passes {
                    kept?.append(fix)
                }
            }
            return kept ?? locations
        }
        guard !passed.isEmpty else { return }
        let delivered = deliverToUpdateBlock(passed, manager: manager, first: updateSlot)
        if blocksVersion.load(ordering: .acquiring) != version { didUpdate = block(\.didUpdateLocations) }
        didUpdate?(manager, delivered == passed.count ? passed : Array(passed[..<delivered]))
    }

    /// Passes `newLocation` to the `didUpdateToFrom` block when it gets through the update filters.
    public func locationManager(
        _ manager: CLLocationManager, didUpdateTo newLocation: CLLocation, from oldLocation: CLLocation
    ) {
        let filter = values.withLock { $0.filter }
        guard filter.verdict(on: newLocation, now: manager.eventTime) == .passed else { return }
        block(\.didUpdateToFrom)?(manager, newLocation, oldLocation)
    }

    /// Passes the heading to the `didUpdateHeading` block, then to the heading update block, as the pod does.
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        block(\.didUpdateHeading)?(manager, newHeading)
        callUpdate(\.headingUpdate, manager, newHeading, nil) { $0.stopUpdatingHeading() }
    }

    /// The `shouldDisplayHeadingCalibration` block's answer; `false` without one (Linux shows no panel).
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
        block(\.shouldDisplayHeadingCalibration)?(manager) ?? false
    }

    /// Passes the error to the `didFailWithError` block, then to the location update block.
    ///
    /// The update block gets it with a `nil` location, whatever the service (a heading failure too); the heading
    /// update block gets no errors. Source: CLLocationManager-blocks 1.3.3's `locationManager:didFailWithError:`.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        block(\.didFailWithError)?(manager, error)
        callUpdate(Self.locationSlot, manager, nil, error, stop: Self.stopLocation)
    }

    /// Calls the `didChangeAuthorization` block, then the `didChangeAuthorizationStatus` block with the status.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        block(\.didChangeAuthorization)?(manager)
        block(\.didChangeAuthorizationStatus)?(manager, manager.authorizationStatus)
    }

    /// Passes the status to the `didChangeAuthorizationStatus` block (only when called directly: the mirror reports
    /// changes through ``locationManagerDidChangeAuthorization(_:)``).
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        block(\.didChangeAuthorizationStatus)?(manager, status)
    }
}
