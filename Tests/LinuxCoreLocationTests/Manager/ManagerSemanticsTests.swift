import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

private let square = CLLocationCoordinate2D(latitude: 45.764, longitude: 4.8357)

/// The semantics found by running another CoreLocation-for-Linux project's tests (issue 20): each case failed
/// before its fix.
@Suite struct ManagerSemanticsTests {
    /// Before the fix the second session delivered nothing: the filter measured from the cached `location`,
    /// which survives stop and start.
    @Test func eachStartDeliversItsFirstFixWhateverTheDistanceFilter() {
        let here = fix(0, from: square)
        let harness = ManagerHarness([.init(at: 1, .locations([here])), .init(at: 2, .locations([here]))])
        let manager = harness.makeManager {
            $0.distanceFilter = 10
            $0.startUpdatingLocation()
        }
        harness.advance(by: 2)
        harness.on(manager) {
            $0.stopUpdatingLocation()
            $0.startUpdatingLocation()
        }
        harness.advance(by: 2)
        #expect(
            harness.delegate.serviceEvents == [
                .locations([here.coordinate.latitude]), .locations([here.coordinate.latitude]),
            ])
    }

    /// Within one session the filter still measures from the last fix delivered: 5 m moves are dropped, the
    /// one that adds up to 10 m is delivered.
    @Test func theFilterMeasuresFromTheLastDeliveredFixOfTheSession() {
        let fixes = [0.0, 5, 9.9, 10.5].map { fix($0, from: square, azimuth: 90) }
        let harness = ManagerHarness(track(fixes, every: 1))
        let manager = harness.makeManager {
            $0.distanceFilter = 10
            $0.startUpdatingLocation()
        }
        harness.advance(by: 4)
        #expect(
            harness.delegate.serviceEvents == [
                .locations([fixes[0].coordinate.latitude]), .locations([fixes[3].coordinate.latitude]),
            ])
        _ = manager
    }

    /// Before the fix the path through a pending `requestLocation()` reported nothing.
    @Test func aDeadSourceIsReportedOnBothPathsToStartUpdatingLocation() {
        let alone = ManagerHarness([.init(at: 1, .fixLost)])
        let first = alone.makeManager { $0.startUpdatingLocation() }
        alone.advance(by: 2)
        let afterRequest = ManagerHarness([.init(at: 1, .fixLost)])
        let second = afterRequest.makeManager { $0.requestLocation() }
        afterRequest.advance(by: 2)
        afterRequest.on(second) { $0.startUpdatingLocation() }
        afterRequest.advance(by: 1)
        #expect(alone.delegate.serviceEvents == [.error(.locationUnknown)])
        #expect(afterRequest.delegate.serviceEvents == [.error(.locationUnknown)])
        _ = first
    }

    /// A second `requestLocation()` while one is pending joins it: one answer, at the first call's deadline
    /// (before the fix the first call was dropped and the answer came 10 s after the second).
    @Test func aSecondRequestJoinsThePendingOne() {
        let harness = ManagerHarness([])
        let manager = harness.makeManager { $0.requestLocation() }
        harness.advance(by: 3)
        harness.on(manager) { $0.requestLocation() }
        harness.advance(by: 6.999)
        #expect(harness.delegate.serviceEvents == [])
        harness.advance(by: 0.001)
        #expect(harness.delegate.serviceEvents == [.error(.locationUnknown)])
        harness.advance(by: 10)
        #expect(harness.delegate.serviceEvents == [.error(.locationUnknown)])
        #expect(!harness.provider.isRunning)
    }

    @Test func locationServicesAreEnabledWithAConfiguredProviderThatIsDown() async throws {
        try await ProcessDefaults.withExclusiveAccess {
            // Port 1 on the loopback: nothing listens there, as gpsd at boot before it started.
            let down = try LocationProviders.provider(for: "gpsd://127.0.0.1:1")
            LocationProviders.defaultProvider = down
            defer {
                LocationProviders.defaultProvider = nil
                LocationAuthorization.shared.locationServicesEnabled = true
            }
            #expect(!down.isAvailable)
            #expect(CLLocationManager.locationServicesEnabled())
            #expect(CLLocationManager.significantLocationChangeMonitoringAvailable())
            LocationAuthorization.shared.locationServicesEnabled = false
            #expect(!CLLocationManager.locationServicesEnabled())
            #expect(LocationAuthorization.shared.status == .denied)
            // What the device can do does not follow the switch (Apple's page: whether the device is able to report
            // significant changes); it read false with the switch off.
            #expect(CLLocationManager.significantLocationChangeMonitoringAvailable())
        }
    }

    @Test func theSwitchOffReadsAsDeniedAndBackOnRestoresTheAppsStatus() {
        let harness = ManagerHarness([], status: .authorizedAlways)
        let manager = harness.makeManager()
        harness.thread.sync {}  // the report at creation runs first
        harness.authorization.locationServicesEnabled = false
        harness.thread.sync {}
        #expect(harness.thread.sync { manager.value.authorizationStatus } == .denied)
        #expect(harness.thread.sync { !manager.value.locationServicesEnabled })
        harness.authorization.locationServicesEnabled = true
        harness.thread.sync {}
        #expect(harness.thread.sync { manager.value.authorizationStatus } == .authorizedAlways)
        #expect(
            harness.delegate.events == [
                .authorization(.authorizedAlways), .authorization(.denied), .authorization(.authorizedAlways),
            ])
    }
}
