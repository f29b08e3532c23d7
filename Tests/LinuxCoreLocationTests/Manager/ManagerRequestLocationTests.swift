import Foundation
import Testing

@testable import LinuxCoreLocation

@Suite struct ManagerRequestLocationTests {
    @Test func deliversTheFirstFixMeetingDesiredAccuracyThenStops() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1, accuracy: 50)])), .init(at: 2, .locations([fix(2, accuracy: 8)])),
            .init(at: 3, .locations([fix(3, accuracy: 4)])),
        ])
        let manager = harness.makeManager {
            $0.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
            $0.requestLocation()
        }
        #expect(harness.provider.isRunning)
        harness.advance(by: 20)
        #expect(harness.delegate.serviceEvents == [.locations([2])])
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
        #expect(harness.thread.sync { manager.value.location?.coordinate.latitude } == 2)
    }

    @Test func timeoutDeliversTheMostAccurateFixSeen() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1, accuracy: 50)])), .init(at: 2, .locations([fix(2, accuracy: 30)])),
            .init(at: 3, .locations([fix(3, accuracy: 80)])), .init(at: 12, .locations([fix(4, accuracy: 1)])),
        ])
        let manager = harness.makeManager {
            $0.desiredAccuracy = 10
            $0.requestLocation()
        }
        harness.advance(by: 9.999)
        #expect(harness.delegate.serviceEvents == [])
        harness.advance(by: 0.001)
        #expect(harness.delegate.serviceEvents == [.locations([2])])
        harness.advance(by: 10)
        #expect(harness.delegate.serviceEvents == [.locations([2])])
        #expect(!harness.provider.isRunning)
        _ = manager
    }

    @Test func timeoutWithoutAnyFixFailsWithLocationUnknown() {
        let harness = ManagerHarness([.init(at: 3, .fixLost)])
        let manager = harness.makeManager { $0.requestLocation() }
        harness.advance(by: LocationManagerEngine.requestLocationTimeout)
        #expect(harness.delegate.serviceEvents == [.error(.locationUnknown)])
        _ = manager
    }

    @Test func bestSentinelAcceptsTenMetres() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1, accuracy: 12)])), .init(at: 2, .locations([fix(2, accuracy: 10)])),
        ])
        let manager = harness.makeManager { $0.requestLocation() }  // desiredAccuracy = kCLLocationAccuracyBest
        harness.advance(by: 2)
        #expect(harness.delegate.serviceEvents == [.locations([2])])
        _ = manager
    }

    @Test func stopUpdatingLocationCancelsTheRequest() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1, accuracy: 50)]))])
        let manager = harness.makeManager { $0.requestLocation() }
        harness.advance(by: 1)
        harness.on(manager) { $0.stopUpdatingLocation() }
        harness.advance(by: 30)
        #expect(harness.delegate.serviceEvents == [])
        #expect(!harness.provider.isRunning)
    }

    @Test func startUpdatingLocationCancelsTheRequest() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1, accuracy: 50)])), .init(at: 2, .locations([fix(2, accuracy: 60)])),
        ])
        let manager = harness.makeManager {
            $0.desiredAccuracy = 10
            $0.requestLocation()
            $0.startUpdatingLocation()
        }
        harness.advance(by: 30)
        // Both fixes arrive as ordinary updates; no request completion follows at the timeout.
        #expect(harness.delegate.serviceEvents == [.locations([1]), .locations([2])])
        _ = manager
    }

    /// Allowing deferred updates cancels a pending request.
    ///
    /// Apple's `requestLocation()` page: calling `allowDeferredLocationUpdates(untilTraveled:timeout:)` cancels a
    /// pending request, as `startUpdatingLocation()` does. The request went on and answered with the fix.
    @Test func allowingDeferredUpdatesCancelsTheRequest() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))])
        let manager = harness.makeManager {
            $0.requestLocation()
            $0.allowDeferredLocationUpdates(untilTraveled: 100, timeout: 60)
        }
        harness.advance(by: 1)
        harness.advance(by: LocationManagerEngine.requestLocationTimeout)
        #expect(harness.delegate.serviceEvents == [.deferredFinished(.deferredFailed)])
        #expect(!harness.provider.isRunning)
        _ = manager
    }

    /// A request that cannot run ends with its one answer, the denial.
    ///
    /// Authorization denied or restricted (or no provider): one `didFailWithError(CLError.denied)`, as Apple's
    /// `requestLocation()` page gives one answer per request. The request stayed pending and failed a second time,
    /// with `locationUnknown`, at its timeout.
    @Test(arguments: [CLAuthorizationStatus.denied, .restricted])
    func aRequestThatCannotRunFailsOnceWithDenied(status: CLAuthorizationStatus) {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))], status: status)
        let manager = harness.makeManager { $0.requestLocation() }
        harness.advance(by: LocationManagerEngine.requestLocationTimeout + 1)
        #expect(harness.delegate.serviceEvents == [.error(.denied)])
        #expect(harness.provider.startCount == 0)
        _ = manager
    }
}
