import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@Suite struct ReadmeTrackerTests {
    /// README.md's tracker gets a fix on the thread that created its manager, as its `RunLoop.main.run()` would,
    /// and prints (and flushes) it.
    @Test func theREADMETrackerRuns() async {
        await ProcessDefaults.withExclusiveAccess(Self.runTracker)
    }

    /// Runs the tracker with the default provider `CORELOCATION_PROVIDER=fixed:48.8584,2.2945` would configure.
    private static func runTracker() {
        LocationProviders.defaultProvider = FixedLocationProvider(
            coordinate: CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945))
        defer { LocationProviders.defaultProvider = nil }
        let tracker = Tracker()
        tracker.start()
        let deadline = Date(timeIntervalSinceNow: 10)
        while tracker.manager.location == nil && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
        #expect(tracker.manager.location?.coordinate.latitude == 48.8584)
        tracker.manager.stopUpdatingLocation()
    }
}
