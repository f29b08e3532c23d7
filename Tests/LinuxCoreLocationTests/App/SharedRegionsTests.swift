import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

private let shop = CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945)

/// `monitoredRegions` belongs to the app, as on iOS: every manager with the same authorization shares it.
@Suite struct SharedRegionsTests {
    @Test func regionsAddedByOneManagerReachEveryManagerWithADelegate() {
        let harness = ManagerHarness(track([fix(500, from: shop), fix(10, from: shop)], every: 1))
        let other = RecordingDelegate()
        let first = harness.makeManager {
            $0.startMonitoring(for: CLCircularRegion(center: shop, radius: 100, identifier: "shop"))
        }
        let second = harness.thread.sync {
            let manager = CLLocationManager(configuration: harness.configuration())
            manager.delegate = other
            return UncheckedBox(manager)
        }
        #expect(harness.thread.sync { second.value.monitoredRegions.map(\.identifier) } == ["shop"])
        harness.advance(by: 2)
        #expect(
            harness.delegate.serviceEvents == [
                .startedMonitoring("shop"), .state(.outside, "shop"), .state(.inside, "shop"), .entered("shop"),
            ])
        #expect(other.serviceEvents == [.state(.outside, "shop"), .state(.inside, "shop"), .entered("shop")])
        // The second manager stops what the first started, as iOS allows.
        harness.on(second) { $0.stopMonitoring(for: CLCircularRegion(center: shop, radius: 1, identifier: "shop")) }
        #expect(harness.thread.sync { first.value.monitoredRegions.isEmpty })
        #expect(!harness.provider.isRunning)
    }

    @Test func theTwentyRegionLimitIsTheApps() {
        let harness = ManagerHarness([])
        let first = harness.makeManager { manager in
            for index in 0..<15 {
                manager.startMonitoring(for: CLCircularRegion(center: shop, radius: 50, identifier: "a\(index)"))
            }
        }
        let second = harness.makeManager { manager in
            for index in 0..<5 {
                manager.startMonitoring(for: CLCircularRegion(center: shop, radius: 50, identifier: "b\(index)"))
            }
        }
        harness.on(first) { $0.startMonitoring(for: CLCircularRegion(center: shop, radius: 50, identifier: "c")) }
        harness.thread.sync {}
        #expect(
            harness.delegate.serviceEvents.filter { if case .startedMonitoring = $0 { true } else { false } }.count
                == 20)
        #expect(harness.delegate.serviceEvents.last == .monitoringFailed("c", .regionMonitoringFailure))
        #expect(harness.thread.sync { second.value.monitoredRegions.count } == 20)
    }

    @Test func managersOfAnotherAuthorizationDoNotShare() {
        let one = ManagerHarness([])
        let two = ManagerHarness([])
        let first = one.makeManager {
            $0.startMonitoring(for: CLCircularRegion(center: shop, radius: 50, identifier: "x"))
        }
        let second = two.makeManager()
        #expect(one.thread.sync { first.value.monitoredRegions.count } == 1)
        #expect(two.thread.sync { second.value.monitoredRegions.isEmpty })
    }
}
