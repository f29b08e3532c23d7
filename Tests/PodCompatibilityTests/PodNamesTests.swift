import LinuxCoreLocation
import LocationBlocks
import Testing

/// Every name of CLLocationManager-blocks 1.3.3's header with the type Swift's importer gives it.
///
/// Measured by type-checking `let _: Int = NAME` for each name against the header's declarations
/// (`swift-frontend -typecheck -enable-objc-interop`, stub ObjectiveC, Foundation and CoreLocation modules, as
/// `Scripts/pod-import-probe.sh` does): the compiler's "cannot convert value of type" names each type. With the
/// SDK's overlay `NSArray *` is `[Any]`, where the stubs leave `NSArray`. A name or type that drifts fails this
/// target's build.
@Suite struct PodNamesTests {
    @Test func everyNameHasTheImportersType() {
        let manager: CLLocationManager = CLLocationManager.update(
            configuration: LocationManagerConfiguration(
                provider: FixedLocationProvider(coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2))))
        let _: (CLUpdateAccuracyFilter, CLLocationAgeFilter) -> CLLocationManager? =
            CLLocationManager.update(withAccuracy:locationAge:)
        let _:
            (CLUpdateAccuracyFilter, CLLocationAgeFilter, CLLocationUpdateAuthorizationDescription) ->
                CLLocationManager? = CLLocationManager.update(withAccuracy:locationAge:authorizationDesciption:)
        let _: (LocationManagerUpdateBlock?) -> Void = manager.startUpdatingLocation(update:)
        let _: (HeadingUpdateBlock?) -> Void = manager.startUpdatingHeading(update:)
        let _: () -> Bool = CLLocationManager.isLocationUpdatesAvailable
        let _: Any? = manager.blocksDelegate
        let _: (DidUpdateLocationsBlock?) -> Void = manager.didUpdateLocations(_:)
        let _: (DidUpdateHeadingBlock?) -> Void = manager.didUpdateHeading(bock:)
        let _: (ShouldDisplayHeadingCalibrationBlock?) -> Void = manager.shouldDisplayHeadingCalibration(_:)
        let _: (DidDetermineStateBlock?) -> Void = manager.didDetermineState(_:)
        let _: (DidRangeBeaconsBlock?) -> Void = manager.didRangeBeacons(_:)
        let _: (RangingBeaconsDidFailForRegionBlock?) -> Void = manager.rangingBeaconsDidFailForRegion(_:)
        let _: (DidEnterRegionBlock?) -> Void = manager.didEnterRegion(_:)
        let _: (DidExitRegionBlock?) -> Void = manager.didExitRegion(_:)
        let _: (DidFailWithErrorBlock?) -> Void = manager.didFailWithError(_:)
        let _: (MonitoringDidFailForRegionWithBlock?) -> Void = manager.monitoringDidFailForRegion(_:)
        let _: (DidChangeAuthorizationStatusBlock?) -> Void = manager.didChangeAuthorizationStatus(_:)
        let _: (DidStartMonitoringForRegionWithBlock?) -> Void = manager.didStartMonitoringForRegion(_:)
        let _: (LocationManagerDidPauseLocationUpdatesBlock?) -> Void =
            manager.locationManagerDidPauseLocationUpdates(_:)
        let _: (LocationManagerDidResumeLocationUpdatesBlock?) -> Void =
            manager.locationManagerDidResumeLocationUpdates(_:)
        let _: (DidFinishDeferredUpdatesWithErrorBlock?) -> Void = manager.didFinishDeferredUpdatesWithError(_:)
        let _: (DidVisitBLock?) -> Void = manager.didVisit(_:)
        // The block types, each as the closure the importer's typedef describes.
        let _: LocationManagerUpdateBlock = {
            (_: CLLocationManager?, _: CLLocation?, _: (any Error)?, _: UnsafeMutablePointer<ObjCBool>?) in
        }
        let _: HeadingUpdateBlock = {
            (_: CLLocationManager?, _: CLHeading?, _: (any Error)?, _: UnsafeMutablePointer<ObjCBool>?) in
        }
        let _: DidChangeAuthorizationStatusBlock = { (_: CLLocationManager?, _: CLAuthorizationStatus) in }
        let _: DidEnterRegionBlock = { (_: CLLocationManager?, _: CLRegion?) in }
        let _: DidExitRegionBlock = { (_: CLLocationManager?, _: CLRegion?) in }
        let _: MonitoringDidFailForRegionWithBlock = { (_: CLLocationManager?, _: CLRegion?, _: (any Error)?) in }
        let _: DidStartMonitoringForRegionWithBlock = { (_: CLLocationManager?, _: CLRegion?) in }
        let _: DidUpdateLocationsBlock = { (_: CLLocationManager?, _: [Any]?) in }
        let _: DidUpdateHeadingBlock = { (_: CLLocationManager?, _: CLHeading?) in }
        let _: DidFailWithErrorBlock = { (_: CLLocationManager?, _: (any Error)?) in }
        let _: ShouldDisplayHeadingCalibrationBlock = { (_: CLLocationManager?) -> Bool in false }
        let _: DidDetermineStateBlock = { (_: CLLocationManager?, _: CLRegionState, _: CLRegion?) in }
        let _: DidRangeBeaconsBlock = { (_: CLLocationManager?, _: [Any]?, _: CLBeaconRegion?) in }
        let _: RangingBeaconsDidFailForRegionBlock = {
            (_: CLLocationManager?, _: CLBeaconRegion?, _: (any Error)?) in
        }
        let _: LocationManagerDidPauseLocationUpdatesBlock = { (_: CLLocationManager?) in }
        let _: LocationManagerDidResumeLocationUpdatesBlock = { (_: CLLocationManager?) in }
        let _: DidFinishDeferredUpdatesWithErrorBlock = { (_: CLLocationManager?, _: (any Error)?) in }
        let _: DidVisitBLock = { (_: CLLocationManager?, _: CLVisit?) in }
        let filters: (CLUpdateAccuracyFilter, CLLocationAgeFilter) = (
            manager.updateAccuracyFilter, manager.updateLocationAgeFilter
        )
        let none: (CLUpdateAccuracyFilter, CLLocationAgeFilter) = (
            kCLUpdateAccuracyFilterNone, kCLLocationAgeFilterNone
        )
        let raw: UInt = CLLocationUpdateAuthorizationDescription.whenInUse.rawValue
        #expect(filters == none && none == (0, 0) && raw == 1)
        #expect(manager.blocksDelegate is CLLocationManagerBlocks)
    }
}
