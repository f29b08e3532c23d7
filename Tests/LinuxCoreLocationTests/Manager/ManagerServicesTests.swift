import Foundation
import Testing

@testable import LinuxCoreLocation

private func heading(_ degrees: Double) -> CLHeading {
    CLHeading(
        magneticHeading: degrees, trueHeading: degrees, headingAccuracy: 2, timestamp: Date(timeIntervalSince1970: 0))
}

@Suite struct ManagerServicesTests {
    @Test func headingNeedsAProviderThatMeasuresIt() {
        let harness = ManagerHarness([.init(at: 1, .heading(heading(10)))])
        let manager = harness.makeManager { $0.startUpdatingHeading() }
        harness.advance(by: 1)
        #expect(harness.delegate.serviceEvents == [.error(.headingFailure)])
        #expect(harness.provider.startCount == 0)
        _ = manager
    }

    @Test func headingFilterDropsSmallChangesAcrossNorth() {
        let harness = ManagerHarness(
            [10, 12, 16, 359, 3, 4].enumerated().map {
                .init(at: Double($0.offset + 1), .heading(heading($0.element)))
            },
            capabilities: [.location, .heading])
        let manager = harness.makeManager {
            $0.headingFilter = 5
            $0.startUpdatingHeading()
        }
        harness.advance(by: 6)
        // 12 is 2° from 10; 359 is 17° from 16; 3 is 4° from 359 (across north); 4 is 5° from 359.
        #expect(harness.delegate.serviceEvents == [.heading(10), .heading(16), .heading(359), .heading(4)])
        #expect(harness.thread.sync { manager.value.heading?.trueHeading } == 4)
    }

    @Test func regionBookkeepingFollowsApplesRules() throws {
        let harness = ManagerHarness([])
        let centre = CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945)
        let manager = harness.makeManager { manager in
            for index in 0..<20 {
                manager.startMonitoring(for: CLCircularRegion(center: centre, radius: 100, identifier: "r\(index)"))
            }
            manager.startMonitoring(for: CLCircularRegion(center: centre, radius: 200, identifier: "r0"))
            manager.startMonitoring(for: CLCircularRegion(center: centre, radius: 100, identifier: "r20"))
            manager.startMonitoring(for: CLBeaconRegion(uuid: UUID(), identifier: "beacon"))
            manager.startMonitoring(for: CLCircularRegion(center: centre, radius: 2_000_000, identifier: "huge"))
        }
        harness.thread.sync {}
        let events = harness.delegate.serviceEvents
        #expect(events.count == 24)
        #expect(events[20] == .startedMonitoring("r0"))
        #expect(events[21] == .monitoringFailed("r20", .regionMonitoringFailure))
        #expect(events[22] == .monitoringFailed("beacon", .regionMonitoringFailure))
        #expect(events[23] == .monitoringFailed("huge", .regionMonitoringFailure))
        let regions = harness.thread.sync { manager.value.monitoredRegions }
        #expect(regions.count == 20)
        let replaced = try #require(regions.first { $0.identifier == "r0" } as? CLCircularRegion)
        #expect(replaced.radius == 200)
        #expect(harness.provider.isRunning)
        harness.on(manager) { manager in
            for region in manager.monitoredRegions { manager.stopMonitoring(for: region) }
        }
        #expect(!harness.provider.isRunning)
    }

    @Test func unavailableServicesReportApplesErrors() {
        let harness = ManagerHarness([])
        let manager = harness.makeManager { manager in
            manager.startRangingBeacons(satisfying: CLBeaconIdentityConstraint(uuid: UUID()))
            manager.allowDeferredLocationUpdates(untilTraveled: 100, timeout: 60)
        }
        harness.thread.sync {}
        #expect(harness.delegate.serviceEvents == [.rangingFailed, .deferredFinished(.deferredFailed)])
        #expect(CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self))
        #expect(!CLLocationManager.isMonitoringAvailable(for: CLBeaconRegion.self))
        #expect(!CLLocationManager.isRangingAvailable() && !CLLocationManager.deferredLocationUpdatesAvailable())
        _ = manager
    }
}
