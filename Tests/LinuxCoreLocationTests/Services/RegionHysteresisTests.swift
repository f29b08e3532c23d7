import Foundation
import Testing

@testable import LinuxCoreLocation

private let centre = CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945)

@Suite struct RegionHysteresisTests {
    private let rule = RegionHysteresis(center: centre, radius: 100)

    @Test func wholeUncertaintyCircleDecides() {
        #expect(rule.decide(fix(89.99, from: centre, accuracy: 10)) == .inside)
        #expect(rule.decide(fix(110.01, from: centre, azimuth: 200, accuracy: 10)) == .outside)
        #expect(rule.decide(fix(0.001, from: centre, accuracy: 99.998)) == .inside)  // d + a just below r
    }

    @Test func straddlingFixesDecideNothing() {
        for distance in [90.01, 95, 100, 105, 109.99] {
            #expect(rule.decide(fix(distance, from: centre, azimuth: 45, accuracy: 10)) == nil)
        }
        #expect(rule.decide(fix(0, from: centre, accuracy: 100.01)) == nil)
        #expect(rule.decide(fix(500, from: centre, accuracy: -1)) == nil)
    }

    @Test func monitorReportsFirstDeterminationThenTransitions() throws {
        var monitor = RegionMonitor(limit: 20, maximumRadius: 1_000_000)
        let region = CLCircularRegion(center: centre, radius: 100, identifier: "home")
        try monitor.add(region)
        #expect(monitor.update(with: fix(50, from: centre)).count == 1)
        #expect(monitor.state(of: "home") == .inside)
        region.notifyOnExit = false
        let events = monitor.update(with: fix(300, from: centre))
        #expect(events.count == 1)  // the determination, no exit
        if case .determined(let state, _) = events.first { #expect(state == .outside) } else { Issue.record() }
        #expect(monitor.state(of: "other") == .unknown)
    }

    @Test func monitorRefusesApplesWay() throws {
        var monitor = RegionMonitor(limit: 2, maximumRadius: 1000)
        try monitor.add(CLCircularRegion(center: centre, radius: 10, identifier: "a"))
        try monitor.add(CLCircularRegion(center: centre, radius: 10, identifier: "b"))
        try monitor.add(CLCircularRegion(center: centre, radius: 20, identifier: "a"))  // replaces
        #expect(throws: RegionMonitor.Refusal.limitReached) {
            try monitor.add(CLCircularRegion(center: centre, radius: 10, identifier: "c"))
        }
        #expect(throws: RegionMonitor.Refusal.tooLarge) {
            try monitor.add(CLCircularRegion(center: centre, radius: 1001, identifier: "a"))
        }
        #expect(throws: RegionMonitor.Refusal.unsupported) {
            try monitor.add(CLCircularRegion(center: centre, radius: 0, identifier: "a"))
        }
        #expect(monitor.regions.map(\.identifier) == ["a", "b"])
        #expect((monitor.regions.first as? CLCircularRegion)?.radius == 20)
    }
}
