import LinuxCoreLocation

/// One block per ``CLLocationManagerDelegate`` method, as in CLLocationManager-blocks, but coexisting with the
/// app's ``/LinuxCoreLocation/CLLocationManager/delegate``: the delegate and the blocks each receive every event once
/// (the delegate first), whichever was set first.
///
/// Setting a block starts nothing: call the `start…` method of the service. Blocks run on the manager's
/// callback thread; set them there too. They are stored with the manager and released with it; a block
/// receives the manager, so it need not (and should not) capture it strongly. `nil` removes a block.
extension CLLocationManager {
    /// Called with the fixes of `locationManager(_:didUpdateLocations:)` that pass the update filters.
    ///
    /// The filters are ``updateAccuracyFilter`` and ``updateLocationAgeFilter``; fixes come oldest first, never
    /// as an empty array. When the update block sets its flag mid-batch, only the fixes up to that one arrive.
    public var didUpdateLocationsBlock: ((CLLocationManager, [CLLocation]) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didUpdateLocations) }
        set { setDelegateBlock(\.didUpdateLocations, newValue) }
    }

    /// Called for `locationManager(_:didUpdateTo:from:)` when the new fix passes the update filters.
    ///
    /// Apple deprecated that callback and the mirror never makes it, so this block runs only when the
    /// method is called directly.
    public var didUpdateToFromBlock: ((CLLocationManager, CLLocation, CLLocation) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didUpdateToFrom) }
        set { setDelegateBlock(\.didUpdateToFrom, newValue) }
    }

    /// Called for `locationManager(_:didUpdateHeading:)`, after the heading update block.
    public var didUpdateHeadingBlock: ((CLLocationManager, CLHeading) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didUpdateHeading) }
        set { setDelegateBlock(\.didUpdateHeading, newValue) }
    }

    /// Answers `locationManagerShouldDisplayHeadingCalibration(_:)`; `false` when unset.
    ///
    /// Linux has no calibration panel, so the answer is not used.
    public var shouldDisplayHeadingCalibrationBlock: ((CLLocationManager) -> Bool)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.shouldDisplayHeadingCalibration) }
        set { setDelegateBlock(\.shouldDisplayHeadingCalibration, newValue) }
    }

    /// Called for `locationManager(_:didDetermineState:for:)`.
    public var didDetermineStateBlock: ((CLLocationManager, CLRegionState, CLRegion) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didDetermineState) }
        set { setDelegateBlock(\.didDetermineState, newValue) }
    }

    /// Called for the deprecated `locationManager(_:didRangeBeacons:in:)`; never on Linux, which has no beacon service.
    public var didRangeBeaconsInRegionBlock: ((CLLocationManager, [CLBeacon], CLBeaconRegion) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didRangeBeaconsInRegion) }
        set { setDelegateBlock(\.didRangeBeaconsInRegion, newValue) }
    }

    /// Called for the deprecated `locationManager(_:rangingBeaconsDidFailFor:withError:)`.
    public var rangingBeaconsDidFailForRegionBlock: ((CLLocationManager, CLBeaconRegion, any Error) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.rangingBeaconsDidFailForRegion) }
        set { setDelegateBlock(\.rangingBeaconsDidFailForRegion, newValue) }
    }

    /// Called for `locationManager(_:didRange:satisfying:)`; never on Linux, which has no beacon service.
    public var didRangeBeaconsSatisfyingBlock: ((CLLocationManager, [CLBeacon], CLBeaconIdentityConstraint) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didRangeBeaconsSatisfying) }
        set { setDelegateBlock(\.didRangeBeaconsSatisfying, newValue) }
    }

    /// Called for `locationManager(_:didFailRangingFor:error:)`; on Linux with `CLError(.rangingUnavailable)`.
    public var didFailRangingForConstraintBlock: ((CLLocationManager, CLBeaconIdentityConstraint, any Error) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didFailRangingForConstraint) }
        set { setDelegateBlock(\.didFailRangingForConstraint, newValue) }
    }

    /// Called for `locationManager(_:didEnterRegion:)`.
    public var didEnterRegionBlock: ((CLLocationManager, CLRegion) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didEnterRegion) }
        set { setDelegateBlock(\.didEnterRegion, newValue) }
    }

    /// Called for `locationManager(_:didExitRegion:)`.
    public var didExitRegionBlock: ((CLLocationManager, CLRegion) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didExitRegion) }
        set { setDelegateBlock(\.didExitRegion, newValue) }
    }

    /// Called for `locationManager(_:didFailWithError:)` (a ``/LinuxCoreLocation/CLError``), before the location
    /// update block gets the error.
    public var didFailWithErrorBlock: ((CLLocationManager, any Error) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didFailWithError) }
        set { setDelegateBlock(\.didFailWithError, newValue) }
    }

    /// Called for `locationManager(_:monitoringDidFailFor:withError:)`.
    public var monitoringDidFailBlock: ((CLLocationManager, CLRegion?, any Error) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.monitoringDidFail) }
        set { setDelegateBlock(\.monitoringDidFail, newValue) }
    }

    /// Called with the new status once per authorization change (and once at creation), like the deprecated
    /// `locationManager(_:didChangeAuthorization:)`; runs after ``didChangeAuthorizationBlock`` when both are set.
    public var didChangeAuthorizationStatusBlock: ((CLLocationManager, CLAuthorizationStatus) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didChangeAuthorizationStatus) }
        set { setDelegateBlock(\.didChangeAuthorizationStatus, newValue) }
    }

    /// Called for `locationManagerDidChangeAuthorization(_:)`: once per change of status or accuracy, and once when the
    /// manager is created.
    public var didChangeAuthorizationBlock: ((CLLocationManager) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didChangeAuthorization) }
        set { setDelegateBlock(\.didChangeAuthorization, newValue) }
    }

    /// Called for `locationManager(_:didStartMonitoringFor:)`.
    public var didStartMonitoringBlock: ((CLLocationManager, CLRegion) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didStartMonitoring) }
        set { setDelegateBlock(\.didStartMonitoring, newValue) }
    }

    /// Called for `locationManagerDidPauseLocationUpdates(_:)`.
    public var didPauseLocationUpdatesBlock: ((CLLocationManager) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didPauseLocationUpdates) }
        set { setDelegateBlock(\.didPauseLocationUpdates, newValue) }
    }

    /// Called for `locationManagerDidResumeLocationUpdates(_:)`.
    public var didResumeLocationUpdatesBlock: ((CLLocationManager) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didResumeLocationUpdates) }
        set { setDelegateBlock(\.didResumeLocationUpdates, newValue) }
    }

    /// Called for `locationManager(_:didFinishDeferredUpdatesWithError:)`; on Linux with `CLError(.deferredFailed)`.
    public var didFinishDeferredUpdatesBlock: ((CLLocationManager, (any Error)?) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didFinishDeferredUpdates) }
        set { setDelegateBlock(\.didFinishDeferredUpdates, newValue) }
    }

    /// Called for `locationManager(_:didVisit:)`.
    public var didVisitBlock: ((CLLocationManager, CLVisit) -> Void)? {
        get { CLLocationManagerBlocks.existing(on: self)?.block(\.didVisit) }
        set { setDelegateBlock(\.didVisit, newValue) }
    }

    /// Stores a block, installing the storage only when there is something to store.
    private func setDelegateBlock<Block>(_ key: WritableKeyPath<DelegateBlocks, Block?>, _ block: Block?) {
        let storage =
            block == nil ? CLLocationManagerBlocks.existing(on: self) : CLLocationManagerBlocks.installed(on: self)
        storage?.changeBlocks { $0[keyPath: key] = block }
    }
}
