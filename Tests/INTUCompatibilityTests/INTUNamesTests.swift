import INTULocationManager
import LinuxCoreLocation
import Testing

/// Every name of INTULocationManager 4.4's headers with the type Swift's importer gives it.
///
/// Measured by type-checking this file's declarations, with `import CoreLocation` instead, against the pod's
/// headers (`swift-frontend -typecheck -enable-objc-interop -swift-version 6 -warnings-as-errors`, stub Foundation
/// and CoreLocation modules): it compiles there and here, so a name or type that drifts fails this target's build.
@Suite struct INTUNamesTests {
    @Test func everyNameHasTheImportersType() {
        let world = INTUWorld([])
        let m: INTULocationManager = world.manager
        let _: () -> INTULocationManager = INTULocationManager.sharedInstance
        let _: () -> INTULocationServicesState = INTULocationManager.locationServicesState
        let _: () -> INTUHeadingServicesState = INTULocationManager.headingServicesState
        let _: (INTULocationAccuracy, Double, @escaping INTULocationRequestBlock) -> INTULocationRequestID =
            m.requestLocation(withDesiredAccuracy:timeout:block:)
        let _: (INTULocationAccuracy, Double, Bool, @escaping INTULocationRequestBlock) -> INTULocationRequestID =
            m.requestLocation(withDesiredAccuracy:timeout:delayUntilAuthorized:block:)
        let _:
            (INTULocationAccuracy, CLActivityType, Double, Bool, @escaping INTULocationRequestBlock) ->
                INTULocationRequestID = m.requestLocation(
                    withDesiredAccuracy:desiredActivityType:timeout:delayUntilAuthorized:block:)
        let _: (@escaping INTULocationRequestBlock) -> INTULocationRequestID = m.subscribeToLocationUpdates(_:)
        let _: (INTULocationAccuracy, @escaping INTULocationRequestBlock) -> INTULocationRequestID =
            m.subscribeToLocationUpdates(withDesiredAccuracy:block:)
        let _: (INTULocationAccuracy, CLActivityType, @escaping INTULocationRequestBlock) -> INTULocationRequestID =
            m.subscribeToLocationUpdates(withDesiredAccuracy:desiredActivityType:block:)
        let _: (@escaping INTULocationRequestBlock) -> INTULocationRequestID =
            m.subscribeToSignificantLocationChanges(_:)
        let _: (INTULocationRequestID) -> Void = m.forceCompleteLocationRequest(_:)
        let _: (INTULocationRequestID) -> Void = m.cancelLocationRequest(_:)
        let _: (@escaping INTUHeadingRequestBlock) -> INTUHeadingRequestID = m.subscribeToHeadingUpdates(_:)
        let _: (INTUHeadingRequestID) -> Void = m.cancelHeadingRequest(_:)
        let _: (Bool) -> Void = m.setBackgroundLocationUpdate(_:)
        let _: (Bool) -> Void = m.setShowsBackgroundLocationIndicator(_:)
        let _: (Bool) -> Void = m.setPausesLocationUpdatesAutomatically(_:)
        let _: INTULocationRequestBlock = { (_: CLLocation!, _: INTULocationAccuracy, _: INTULocationStatus) in }
        let _: INTUHeadingRequestBlock = { (_: CLHeading?, _: INTUHeadingStatus) in }
        let _: INTUHeadingFilterAccuracy = kINTUHorizontalAccuracyThresholdRoom + kINTUUpdateTimeStaleThresholdRoom
        let authorization: INTUAuthorizationType = m.preferredAuthorizationType
        // Every ID-returning method discards its result without a warning (this target turns warnings into errors).
        let ids = world.onMain {
            m.requestLocation(withDesiredAccuracy: .room, timeout: 1) { _, _, _ in }
            m.subscribeToHeadingUpdates { _, _ in }
            return [m.subscribeToLocationUpdates { _, _, _ in }]
        }
        #expect(ids == [3] && authorization == .auto)
        #expect(INTULocationAccuracy(rawValue: 3) == .block && INTULocationStatus(rawValue: 7) == nil)
    }
}
