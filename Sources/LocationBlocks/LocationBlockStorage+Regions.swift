import LinuxCoreLocation

// The delegate methods that only forward to their block: regions, beacons, pauses, deferred updates, visits.
extension LocationBlockStorage {
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        block(\.didDetermineState)?(manager, state, region)
    }

    func locationManager(_ manager: CLLocationManager, didRangeBeacons beacons: [CLBeacon], in region: CLBeaconRegion) {
        block(\.didRangeBeaconsInRegion)?(manager, beacons, region)
    }

    func locationManager(
        _ manager: CLLocationManager, rangingBeaconsDidFailFor region: CLBeaconRegion, withError error: any Error
    ) {
        block(\.rangingBeaconsDidFailForRegion)?(manager, region, error)
    }

    func locationManager(
        _ manager: CLLocationManager, didRange beacons: [CLBeacon],
        satisfying beaconConstraint: CLBeaconIdentityConstraint
    ) {
        block(\.didRangeBeaconsSatisfying)?(manager, beacons, beaconConstraint)
    }

    func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint, error: any Error
    ) {
        block(\.didFailRangingForConstraint)?(manager, beaconConstraint, error)
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        block(\.didEnterRegion)?(manager, region)
    }

    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        block(\.didExitRegion)?(manager, region)
    }

    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        block(\.monitoringDidFail)?(manager, region, error)
    }

    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        block(\.didStartMonitoring)?(manager, region)
    }

    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        block(\.didPauseLocationUpdates)?(manager)
    }

    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        block(\.didResumeLocationUpdates)?(manager)
    }

    func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {
        block(\.didFinishDeferredUpdates)?(manager, error)
    }

    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        block(\.didVisit)?(manager, visit)
    }
}
