/// The methods a ``CLLocationManager`` calls to report locations, headings, regions, visits, errors and
/// authorization changes.
///
/// Every method has a default implementation that does nothing (Apple's are `optional`), except
/// ``locationManagerDidChangeAuthorization(_:)``, whose default calls
/// `locationManager(_:didChangeAuthorization:)` so that a delegate implementing either gets exactly one
/// call per change. Methods run on the callback thread of the manager: the run loop of the thread that created it
/// (the main queue for the main thread). As everywhere in Swift, a method a subclass adds is called only if the
/// class that declares the conformance implements it too. Source: Apple's CoreLocation documentation.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// New locations are available, oldest first; the last is the most recent. Never called with an empty array.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// A new location is available (deprecated by Apple in favour of `didUpdateLocations`; never called by
    /// this library).
    func locationManager(
        _ manager: CLLocationManager, didUpdateTo newLocation: CLLocation, from oldLocation: CLLocation)
    /// A new heading is available.
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
    /// Whether to show the heading calibration panel; Linux has none, so the answer is not used.
    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
    /// The state of a monitored region was determined.
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    /// Beacons were ranged in a region (deprecated by Apple; never called on Linux).
    func locationManager(_ manager: CLLocationManager, didRangeBeacons beacons: [CLBeacon], in region: CLBeaconRegion)
    /// Ranging beacons in a region failed (deprecated by Apple).
    func locationManager(
        _ manager: CLLocationManager, rangingBeaconsDidFailFor region: CLBeaconRegion, withError error: any Error)
    /// Beacons matching a constraint were ranged (never called on Linux).
    func locationManager(
        _ manager: CLLocationManager, didRange beacons: [CLBeacon],
        satisfying beaconConstraint: CLBeaconIdentityConstraint)
    /// Ranging beacons matching a constraint failed; on Linux always with `CLError(.rangingUnavailable)`.
    func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
        error: any Error)
    /// The device entered a monitored region.
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    /// The device left a monitored region.
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    /// A location service failed; `error` is a ``CLError``.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// Monitoring a region failed; `error` is a ``CLError``.
    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    /// The authorization status changed (deprecated by Apple in favour of
    /// ``locationManagerDidChangeAuthorization(_:)``).
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
    /// The authorization status or accuracy changed; also called once when the manager is created.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// Monitoring of a region started.
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
    /// Location updates were paused automatically.
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    /// Location updates resumed after an automatic pause.
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
    /// Deferred updates ended; on Linux always with a ``CLError``.
    func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?)
    /// A visit began or ended.
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
}
