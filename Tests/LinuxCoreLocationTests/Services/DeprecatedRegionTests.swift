import Foundation
import Testing

@testable import LinuxCoreLocation

private let fountain = CLLocationCoordinate2D(latitude: 50.0875, longitude: 14.4213)

/// `CLRegion(circularRegionWithCenter:radius:identifier:)`, iOS 4's circular region, deprecated in iOS 7 and
/// still in the SDK: iOS 4-era code compiles and monitors the circle.
@Suite struct DeprecatedRegionTests {
    @Test func theOldInitializerMakesACircle() throws {
        let region = CLRegion(circularRegionWithCenter: fountain, radius: 50, identifier: "old")
        #expect(region.identifier == "old" && region.center.latitude == 50.0875 && region.radius == 50)
        #expect(region.contains(CLLocationCoordinate2D(latitude: 50.0878, longitude: 14.4213)))  // 33 m north
        #expect(!region.contains(CLLocationCoordinate2D(latitude: 50.0880, longitude: 14.4213)))  // 56 m north
        #expect(!CLRegion().contains(fountain) && CLRegion().radius == 0)
        let copy = try #require(region.copy() as? CLRegion)
        #expect(copy == region && copy.radius == 50)
        #expect(region != CLRegion(circularRegionWithCenter: fountain, radius: 60, identifier: "old"))
    }

    @Test func monitoringItMonitorsTheCircle() {
        let harness = ManagerHarness(track([fix(500, from: fountain), fix(0, from: fountain)], every: 1))
        let old = CLRegion(circularRegionWithCenter: fountain, radius: 50, identifier: "old")
        old.notifyOnEntry = false
        let manager = harness.makeManager { $0.startMonitoring(for: old) }
        harness.advance(by: 2)
        #expect(
            harness.delegate.serviceEvents == [
                .startedMonitoring("old"), .state(.outside, "old"), .state(.inside, "old"),
            ])
        let monitored = harness.thread.sync { manager.value.monitoredRegions.first as? CLCircularRegion }
        #expect(monitored?.radius == 50 && monitored?.notifyOnEntry == false)
    }
}
