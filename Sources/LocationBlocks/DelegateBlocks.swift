import LinuxCoreLocation

/// One optional closure per ``CLLocationManagerDelegate`` method: what the public `…Block` properties of
/// ``CLLocationManager`` store.
struct DelegateBlocks {
    var didUpdateLocations: ((CLLocationManager, [CLLocation]) -> Void)?
    var didUpdateToFrom: ((CLLocationManager, CLLocation, CLLocation) -> Void)?
    var didUpdateHeading: ((CLLocationManager, CLHeading) -> Void)?
    var shouldDisplayHeadingCalibration: ((CLLocationManager) -> Bool)?
    var didDetermineState: ((CLLocationManager, CLRegionState, CLRegion) -> Void)?
    var didRangeBeaconsInRegion: ((CLLocationManager, [CLBeacon], CLBeaconRegion) -> Void)?
    var rangingBeaconsDidFailForRegion: ((CLLocationManager, CLBeaconRegion, any Error) -> Void)?
    var didRangeBeaconsSatisfying: ((CLLocationManager, [CLBeacon], CLBeaconIdentityConstraint) -> Void)?
    var didFailRangingForConstraint: ((CLLocationManager, CLBeaconIdentityConstraint, any Error) -> Void)?
    var didEnterRegion: ((CLLocationManager, CLRegion) -> Void)?
    var didExitRegion: ((CLLocationManager, CLRegion) -> Void)?
    var didFailWithError: ((CLLocationManager, any Error) -> Void)?
    var monitoringDidFail: ((CLLocationManager, CLRegion?, any Error) -> Void)?
    var didChangeAuthorizationStatus: ((CLLocationManager, CLAuthorizationStatus) -> Void)?
    var didChangeAuthorization: ((CLLocationManager) -> Void)?
    var didStartMonitoring: ((CLLocationManager, CLRegion) -> Void)?
    var didPauseLocationUpdates: ((CLLocationManager) -> Void)?
    var didResumeLocationUpdates: ((CLLocationManager) -> Void)?
    var didFinishDeferredUpdates: ((CLLocationManager, (any Error)?) -> Void)?
    var didVisit: ((CLLocationManager, CLVisit) -> Void)?
}
