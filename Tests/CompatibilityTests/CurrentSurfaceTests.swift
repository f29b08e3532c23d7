import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

/// Runs the client code of issue 20: mocks of every open class, a mocking protocol with Apple's older
/// members, and iOS 17/18 code.
@Suite(.timeLimit(.minutes(3))) struct CurrentSurfaceTests {
    @Test func mockSubclassesOverrideWhatTheyStub() {
        #expect(MockHeading(trueHeading: 90).magneticHeading == 88)
        #expect(MockLocation().coordinate.latitude == 59.3293 && MockLocation().horizontalAccuracy == 12)
        #expect(MockLocation().speed == -1)  // what it does not stub is CLLocation()'s invalid speed
        #expect(MockPlacemark().locality == "Stockholm" && MockPlacemark().name == nil)
        #expect(MockVisit().departureDate.timeIntervalSince(MockVisit().arrivalDate) == 3600)
        #expect(MockFloor().level == 3)
        #expect(MockBeacon().proximity == .near && MockBeacon().accuracy == -1)
        #expect(MockSourceInformation().isSimulatedBySoftware && !MockSourceInformation().isProducedByAccessory)
        #expect(MockRegion().identifier == "mock-region")
        #expect(MockCircularRegion().contains(CLLocationCoordinate2D(latitude: 1, longitude: 2.001)))
        #expect(MockBeaconRegion().identifier == "lobby")
        #expect(PlainHeading().headingAccuracy < 0)  // an empty heading is invalid, not "north"
    }

    @Test func theMockingProtocolReachesTheRealManager() {
        let queue = DispatchQueue(label: "CurrentSurfaceTests")
        let region = CLBeaconRegion(uuid: UUID(), identifier: "hall")
        let screen = queue.sync {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(
                    provider: FixedLocationProvider(
                        coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 1), horizontalAccuracy: 5),
                    authorization: LocationAuthorization(status: .authorizedAlways), callbackQueue: queue))
            let screen = LegacyBeaconScreen(manager: manager)
            screen.appear(region: region)
            screen.disappear(region: region)
            return screen
        }
        queue.sync {}
        #expect(queue.sync { screen.failures } == ["hall: \(CLError.rangingUnavailable.rawValue)"])
        #expect(queue.sync { screen.manager.rangedRegions.isEmpty && !CLLocationManager.isRangingAvailable() })
        #expect(CLLocationManager.regionMonitoringAvailable())
    }

    @Test func modernCodeRunsAgainstTheProcessDefaults() async {
        let trace = await ProcessDefaults.withExclusiveAccess { () -> ModernTrace? in
            let authorization = LocationAuthorization.shared
            let status = authorization.status
            LocationProviders.defaultProvider = FixedLocationProvider(
                coordinate: CLLocationCoordinate2D(latitude: 59.33, longitude: 18.07), horizontalAccuracy: 8)
            authorization.setStatus(.authorizedWhenInUse)
            defer {
                LocationProviders.defaultProvider = nil
                authorization.setStatus(status)
            }
            return try? await ModernLocationModel().firstFix()
        }
        #expect(trace?.messages == ["ready", "background ok", "moving", "beacon unknown"])
        #expect(trace?.firstLocation?.coordinate.latitude == 59.33)
    }
}
