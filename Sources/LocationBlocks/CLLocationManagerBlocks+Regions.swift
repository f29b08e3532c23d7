import LinuxCoreLocation

// The delegate methods that only forward to their block: regions, beacons, pauses, deferred updates, visits. Public
// because the conformance is; each runs on the manager's callback thread. Source: CLLocationManager-blocks.
extension CLLocationManagerBlocks {
    /// Passes the region's state to the `didDetermineState` block.
    public func locationManager(
        _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
    ) {
        block(\.didDetermineState)?(manager, state, region)
    }

    /// Passes the ranged beacons to the `didRangeBeacons` block (never called on Linux).
    public func locationManager(
        _ manager: CLLocationManager, didRangeBeacons beacons: [CLBeacon], in region: CLBeaconRegion
    ) {
        block(\.didRangeBeaconsInRegion)?(manager, beacons, region)
    }

    /// Passes the beacon region's failure to the `rangingBeaconsDidFailForRegion` block.
    public func locationManager(
        _ manager: CLLocationManager, rangingBeaconsDidFailFor region: CLBeaconRegion, withError error: any Error
    ) {
        block(\.rangingBeaconsDidFailForRegion)?(manager, region, error)
    }

    /// Passes beacons ranged by constraint to the `didRangeBeaconsSatisfyingBlock` (never called on Linux).
    public func locationManager(
        _ manager: CLLocationManager, didRange beacons: [CLBeacon],
        satisfying beaconConstraint: CLBeaconIdentityConstraint
    ) {
        block(\.didRangeBeaconsSatisfying)?(manager, beacons, beaconConstraint)
    }

    /// Passes the ranging failure to the `didFailRangingForConstraintBlock`.
    public func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint, error: any Error
    ) {
        block(\.didFailRangingForConstraint)?(manager, beaconConstraint, error)
    }

    /// Passes the entered region to the `didEnterRegion` block.
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        block(\.didEnterRegion)?(manager, region)
    }

    /// Passes the exited region to the `didExitRegion` block.
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        block(\.didExitRegion)?(manager, region)
    }

    /// Passes the monitoring failure to the `monitoringDidFailForRegion` block.
    public func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        block(\.monitoringDidFail)?(manager, region, error)
    }

    /// Passes the region whose monitoring started to the `didStartMonitoringForRegion` block.
    public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        block(\.didStartMonitoring)?(manager, region)
    }

    /// Calls the `locationManagerDidPauseLocationUpdates` block.
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        block(\.didPauseLocationUpdates)?(manager)
    }

    /// Calls the `locationManagerDidResumeLocationUpdates` block.
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        block(\.didResumeLocationUpdates)?(manager)
    }

    /// Passes the end of deferred updates to the `didFinishDeferredUpdatesWithError` block.
    public func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {
        block(\.didFinishDeferredUpdates)?(manager, error)
    }

    /// Passes the visit to the `didVisit` block.
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        block(\.didVisit)?(manager, visit)
    }
}
