import Foundation
import Testing

@testable import LinuxCoreLocation

@Suite struct ManagerUpdatesTests {
    @Test func aManagerJoiningARunningProviderGetsItsLatestFixFirst() {
        // A provider that reports once (as `fixed:` does per start) has nothing more for a second manager that
        // starts later; iOS hands a starting manager its cached location, and so does the hub.
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 3, .locations([fix(3)]))])
        let first = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 1)
        let other = RecordingDelegate()
        let second = harness.makeManager { manager in
            manager.delegate = other
            manager.startUpdatingLocation()
        }
        harness.thread.sync {}
        #expect(other.serviceEvents == [.locations([1])])
        harness.advance(by: 2)
        #expect(other.serviceEvents == [.locations([1]), .locations([3])])
        #expect(harness.delegate.serviceEvents == [.locations([1]), .locations([3])], "the first is not sent it again")
        #expect(harness.provider.startCount == 1)
        _ = (first, second)
    }

    @Test func fixesArriveOnTheCreatingThreadsRunLoop() throws {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2), fix(3)]))])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 2)
        #expect(harness.delegate.serviceEvents == [.locations([1]), .locations([2, 3])])
        let thread = try #require(harness.thread.thread)
        #expect(harness.delegate.threads.allSatisfy { $0 === thread })
        _ = manager
    }

    @Test func noLocationCallbackAfterStopReturns() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 1)
        // On the callback thread: the second fix is queued for delivery, then updates stop before it runs.
        harness.on(manager) { manager in
            harness.clock.advance(by: 1)
            manager.stopUpdatingLocation()
        }
        harness.advance(by: 5)
        #expect(harness.delegate.serviceEvents == [.locations([1])])
    }

    @Test func locationIsTheLastDeliveredFixAndSurvivesStop() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1), fix(2)]))])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        #expect(harness.thread.sync { manager.value.location } == nil)
        harness.advance(by: 1)
        harness.on(manager) { $0.stopUpdatingLocation() }
        #expect(harness.thread.sync { manager.value.location?.coordinate.latitude } == 2)
    }

    @Test func invalidFixesAreNeverDelivered() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1, accuracy: -1), fix(2), fix(95)]))])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 1)
        #expect(harness.delegate.serviceEvents == [.locations([2])])
        _ = manager
    }

    @Test func distanceFilterDeliversFarEnoughOrMoreAccurateFixes() {
        // 0.0005° of latitude at the equator is about 55 m, 0.001° about 111 m.
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(0)])), .init(at: 2, .locations([fix(0.0005)])),
            .init(at: 3, .locations([fix(0.001)])), .init(at: 4, .locations([fix(0.001, accuracy: 3)])),
            .init(at: 5, .locations([fix(0.0011, accuracy: 4)])),
        ])
        let manager = harness.makeManager {
            $0.distanceFilter = 100
            $0.startUpdatingLocation()
        }
        harness.advance(by: 5)
        #expect(harness.delegate.serviceEvents == [.locations([0]), .locations([0.001]), .locations([0.001])])
        _ = manager
    }

    @Test func distanceFilterThresholdIsInclusive() {
        let start = fix(0)
        let exactly = CLLocation(latitude: 0.001, longitude: 0)
        let filter = exactly.distance(from: start)
        #expect(LocationManagerEngine.passesDistanceFilter(fix(0.001), last: start, filter: filter))
        #expect(!LocationManagerEngine.passesDistanceFilter(fix(0.000999), last: start, filter: filter))
        #expect(LocationManagerEngine.passesDistanceFilter(fix(0), last: start, filter: kCLDistanceFilterNone))
    }

    @Test func transientLossReportsLocationUnknownAndUpdatesContinue() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1)])), .init(at: 2, .fixLost), .init(at: 3, .locations([fix(3)])),
        ])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 3)
        #expect(harness.delegate.serviceEvents == [.locations([1]), .error(.locationUnknown), .locations([3])])
        _ = manager
    }

    @Test func providerFailureIsReported() {
        let harness = ManagerHarness([.init(at: 1, .failed(CLError(.network)))])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 1)
        #expect(harness.delegate.serviceEvents == [.error(.network)])
        _ = manager
    }

    /// A provider failure reaches a manager that uses the provider for significant changes, visits or regions only:
    /// such a manager heard nothing and waited for ever (a new user's trial, 7 Dec: `monitor` and `visits` on an empty
    /// NMEA file ran until killed, where `watch` ended with status 65).
    @Test(arguments: ["significant changes", "visits", "regions"])
    func aMonitoringOnlyManagerHearsTheProvidersFailure(_ service: String) {
        let harness = ManagerHarness([.init(at: 1, .failed(CLError(.network)))])
        let manager = harness.makeManager { manager in
            switch service {
            case "significant changes": manager.startMonitoringSignificantLocationChanges()
            case "visits": manager.startMonitoringVisits()
            default:
                manager.startMonitoring(
                    for: CLCircularRegion(
                        center: CLLocationCoordinate2D(latitude: 1, longitude: 2), radius: 100, identifier: "r"))
            }
        }
        harness.advance(by: 1)
        #expect(harness.delegate.serviceEvents.last == .error(.network))
        _ = manager
    }

    @Test func endOfReplayReachesLinuxDelegates() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .finished)])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 2)
        #expect(harness.delegate.serviceEvents == [.locations([1]), .providerFinished])
        _ = manager
    }
}
