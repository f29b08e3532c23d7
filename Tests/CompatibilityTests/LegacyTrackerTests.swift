import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@Suite(.serialized) struct LegacyTrackerTests {
    @Test func trackerWorksAgainstAMock() {
        let mock = MockLocationManager()
        let tracker = LegacyTracker(manager: mock)
        tracker.start()
        #expect(mock.started == 1)
        #expect(mock.desiredAccuracy == kCLLocationAccuracyNearestTenMeters && mock.activityType == .fitness)
        #expect(mock.delegate === tracker)
    }

    @Test func trackerGetsFixesFromARealManagerOnItsRunLoop() async {
        await ProcessDefaults.withExclusiveAccess(trackerGetsFixesFromTheDefaultProvider)
    }

    private func trackerGetsFixesFromTheDefaultProvider() {
        // The process-wide default provider, as an app configured by CORELOCATION_PROVIDER would have it.
        LocationProviders.defaultProvider = FixedLocationProvider(
            coordinate: CLLocationCoordinate2D(latitude: 37.3349, longitude: -122.009), horizontalAccuracy: 8)
        defer { LocationProviders.defaultProvider = nil }
        let tracker = LegacyTracker()
        tracker.start()
        // Run this thread's run loop, as an app's main thread does, until the fix arrives.
        let deadline = Date(timeIntervalSinceNow: 10)
        while tracker.fixes.isEmpty && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
        #expect(tracker.fixes.first?.coordinate.latitude == 37.3349)
        #expect(tracker.fixes.first?.horizontalAccuracy == 8)
        #expect(tracker.statusChanges >= 1)
        tracker.stop()
    }
}
