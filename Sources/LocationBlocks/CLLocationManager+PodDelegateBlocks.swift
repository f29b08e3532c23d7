import LinuxCoreLocation

/// The delegate-block setters of CLLocationManager-blocks, as Swift imports them from the pod's header: one
/// method per delegate callback, taking the block as its only argument (so a trailing closure works).
///
/// Each sets the same slot as the matching `…Block` property (``didUpdateLocationsBlock`` for
/// ``didUpdateLocations(_:)``, and so on): one block per callback, a later one replaces it, `nil` removes it.
/// Setting a block starts nothing: call the service's `start…` method. Blocks run on the manager's callback
/// thread, after the app's ``/LinuxCoreLocation/CLLocationManager/delegate``, which they coexist with (the pod replaced
/// it). Source: CLLocationManager-blocks' "Replacement methods with blocks".
extension CLLocationManager {
    /// The ``CLLocationManagerBlocks`` that receives this manager's callbacks and calls its blocks, made on first use.
    ///
    /// The pod made it the manager's `delegate`; here it is an observer next to the delegate
    /// (``/LinuxCoreLocation/CLLocationManager/addObserver(_:)``), so setting `delegate` leaves the blocks alone.
    /// Implicitly unwrapped `Any`, as the pod's `id` property imports, so `manager.blocksDelegate as?
    /// CLLocationManagerBlocks` succeeds; never `nil`. Thread-safe. Source: CLLocationManager-blocks' `blocksDelegate`
    /// ("used internally").
    public var blocksDelegate: Any! { CLLocationManagerBlocks.installed(on: self) }

    /// Sets the block for `locationManager(_:didUpdateLocations:)`: the fixes that pass the update filters,
    /// oldest first, never empty, as `CLLocation`s in an `[Any]`.
    ///
    /// - Parameter block: The block, or `nil` to remove it. Source: `-didUpdateLocationsWithBlock:`.
    public func didUpdateLocations(_ block: DidUpdateLocationsBlock?) {
        didUpdateLocationsBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block for `locationManager(_:didUpdateHeading:)`; it runs before the heading update block.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didUpdateHeadingWithBock:` (the pod's spelling).
    public func didUpdateHeading(bock block: DidUpdateHeadingBlock?) {
        didUpdateHeadingBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block answering `locationManagerShouldDisplayHeadingCalibration(_:)`; Linux shows no panel.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-shouldDisplayHeadingCalibrationWithBlock:`.
    public func shouldDisplayHeadingCalibration(_ block: ShouldDisplayHeadingCalibrationBlock?) {
        shouldDisplayHeadingCalibrationBlock = block.map { block in { block($0) } }
    }

    /// Sets the block for `locationManager(_:didDetermineState:for:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didDetermineStateWithBlock:`.
    public func didDetermineState(_ block: DidDetermineStateBlock?) {
        didDetermineStateBlock = block.map { block in { block($0, $1, $2) } }
    }

    /// Sets the block for the deprecated `locationManager(_:didRangeBeacons:in:)`; never called on Linux,
    /// which has no beacon service.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didRangeBeaconsWithBlock:`.
    public func didRangeBeacons(_ block: DidRangeBeaconsBlock?) {
        didRangeBeaconsInRegionBlock = block.map { block in { block($0, $1, $2) } }
    }

    /// Sets the block for the deprecated `locationManager(_:rangingBeaconsDidFailFor:withError:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-rangingBeaconsDidFailForRegionWithBlock:`.
    public func rangingBeaconsDidFailForRegion(_ block: RangingBeaconsDidFailForRegionBlock?) {
        rangingBeaconsDidFailForRegionBlock = block.map { block in { block($0, $1, $2) } }
    }

    /// Sets the block for `locationManager(_:didEnterRegion:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didEnterRegionWithBlock:`.
    public func didEnterRegion(_ block: DidEnterRegionBlock?) {
        didEnterRegionBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block for `locationManager(_:didExitRegion:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didExitRegionWithBlock:`.
    public func didExitRegion(_ block: DidExitRegionBlock?) {
        didExitRegionBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block for `locationManager(_:didFailWithError:)`; it runs before the location update block gets the
    /// error.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didFailWithErrorWithBlock:`.
    public func didFailWithError(_ block: DidFailWithErrorBlock?) {
        didFailWithErrorBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block for `locationManager(_:monitoringDidFailFor:withError:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-monitoringDidFailForRegionWithBlock:`.
    public func monitoringDidFailForRegion(_ block: MonitoringDidFailForRegionWithBlock?) {
        monitoringDidFailBlock = block.map { block in { block($0, $1, $2) } }
    }

    /// Sets the block for the authorization status, called once per change and once at creation.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didChangeAuthorizationStatusWithBlock:`.
    public func didChangeAuthorizationStatus(_ block: DidChangeAuthorizationStatusBlock?) {
        didChangeAuthorizationStatusBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block for `locationManager(_:didStartMonitoringFor:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didStartMonitoringForRegionWithBlock:`.
    public func didStartMonitoringForRegion(_ block: DidStartMonitoringForRegionWithBlock?) {
        didStartMonitoringBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block for `locationManagerDidPauseLocationUpdates(_:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-locationManagerDidPauseLocationUpdatesWithBlock:`.
    public func locationManagerDidPauseLocationUpdates(_ block: LocationManagerDidPauseLocationUpdatesBlock?) {
        didPauseLocationUpdatesBlock = block.map { block in { block($0) } }
    }

    /// Sets the block for `locationManagerDidResumeLocationUpdates(_:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-locationManagerDidResumeLocationUpdatesWithBlock:`.
    public func locationManagerDidResumeLocationUpdates(_ block: LocationManagerDidResumeLocationUpdatesBlock?) {
        didResumeLocationUpdatesBlock = block.map { block in { block($0) } }
    }

    /// Sets the block for `locationManager(_:didFinishDeferredUpdatesWithError:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didFinishDeferredUpdatesWithErrorWithBlock:`.
    public func didFinishDeferredUpdatesWithError(_ block: DidFinishDeferredUpdatesWithErrorBlock?) {
        didFinishDeferredUpdatesBlock = block.map { block in { block($0, $1) } }
    }

    /// Sets the block for `locationManager(_:didVisit:)`.
    ///
    /// - Parameter block: The block, or `nil`. Source: `-didVisitWithBlock:`.
    public func didVisit(_ block: DidVisitBLock?) {
        didVisitBlock = block.map { block in { block($0, $1) } }
    }
}
