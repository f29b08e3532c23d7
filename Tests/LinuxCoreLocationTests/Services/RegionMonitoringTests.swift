import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

private let centre = CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945)

/// Starts monitoring `region` on a harness manager, plays the script and returns the service events.
private func monitor(_ region: CLRegion, _ steps: [ScriptedLocationProvider.Step]) -> [DelegateEvent] {
    let harness = ManagerHarness(steps)
    let manager = harness.makeManager { $0.startMonitoring(for: region) }
    harness.advance(by: (steps.map(\.offset).max() ?? 0) + 1)
    _ = manager
    return harness.delegate.serviceEvents
}

/// A provider that hands its one fix to the hub inside `start`, before the call that started it returns.
private final class StartsWithAFix: LocationProvider, @unchecked Sendable {
    let identifier = "scripted:starts-with-a-fix"
    let capabilities: LocationProviderCapabilities = [.location, .accuracy]
    let isAvailable = true
    let clock: any LocationClock = ManualClock()
    private let fix: CLLocation
    init(_ fix: CLLocation) { self.fix = fix }
    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) { handler(.locations([fix])) }
    func stop() {}
}

@Suite struct RegionMonitoringTests {
    @Test func noisyWalkInAndOutDoesNotFlap() {
        // Metres from the centre of a 100 m region, all with 10 m accuracy, eastwards.
        let walk: [Double] = [300, 150, 105, 95, 102, 85, 98, 91, 50, 108, 97, 111, 104, 99, 300]
        let region = CLCircularRegion(center: centre, radius: 100, identifier: "shop")
        let events = monitor(region, track(walk.map { fix($0, from: centre, azimuth: 90, accuracy: 10) }))
        #expect(
            events == [
                .startedMonitoring("shop"), .state(.outside, "shop"), .state(.inside, "shop"), .entered("shop"),
                .state(.outside, "shop"), .exited("shop"),
            ])
        // A rule without hysteresis (the fix's position alone) would have changed state eight times.
        let naive = walk.map { $0 <= 100 }
        #expect(zip(naive, naive.dropFirst()).filter { $0 != $1 }.count == 8)
    }

    @Test func notifyFlagsSilenceEntryAndExitButNotStates() {
        let region = CLCircularRegion(center: centre, radius: 100, identifier: "quiet")
        region.notifyOnEntry = false
        let events = monitor(region, track([300, 20, 300].map { fix($0, from: centre) }))
        #expect(
            events == [
                .startedMonitoring("quiet"), .state(.outside, "quiet"), .state(.inside, "quiet"),
                .state(.outside, "quiet"), .exited("quiet"),
            ])
    }

    @Test func regionAcrossTheAntimeridian() {
        let date = CLLocationCoordinate2D(latitude: 10, longitude: 179.999)
        let region = CLCircularRegion(center: date, radius: 500, identifier: "dateline")
        // 2 km west, then 300 m east (past 180°, so at longitude −179.99…), then 2 km east.
        let fixes = [
            fix(2000, from: date, azimuth: 270), fix(300, from: date, azimuth: 90), fix(2000, from: date, azimuth: 90),
        ]
        #expect(fixes[1].coordinate.longitude < -179.99)
        let events = monitor(region, track(fixes))
        #expect(
            events == [
                .startedMonitoring("dateline"), .state(.outside, "dateline"), .state(.inside, "dateline"),
                .entered("dateline"), .state(.outside, "dateline"), .exited("dateline"),
            ])
    }

    @Test func regionAroundTheNorthPole() {
        let pole = CLLocationCoordinate2D(latitude: 90, longitude: 0)
        let region = CLCircularRegion(center: pole, radius: 1000, identifier: "pole")
        // 0.005° of latitude is about 558 m: inside at any longitude; 0.02° (2.2 km) outside.
        let fixes = [(89.98, -60.0), (89.995, 120.0), (89.995, -170.0), (89.985, 45.0)].map {
            fix($0.0, longitude: $0.1)
        }
        let events = monitor(region, track(fixes))
        #expect(
            events == [
                .startedMonitoring("pole"), .state(.outside, "pole"), .state(.inside, "pole"), .entered("pole"),
                .state(.outside, "pole"), .exited("pole"),
            ])
    }

    @Test func sameIdentifierReplacesTheRegionAndItsState() throws {
        let elsewhere = CLLocationCoordinate2D(latitude: 48.9, longitude: 2.3)
        let harness = ManagerHarness(track([fix(10, from: centre), fix(20, from: centre)]))
        let manager = harness.makeManager {
            $0.startMonitoring(for: CLCircularRegion(center: centre, radius: 100, identifier: "home"))
        }
        harness.advance(by: 60)
        harness.on(manager) { manager in
            manager.requestState(for: CLCircularRegion(center: centre, radius: 100, identifier: "home"))
            manager.startMonitoring(for: CLCircularRegion(center: elsewhere, radius: 100, identifier: "home"))
            manager.requestState(for: CLCircularRegion(center: elsewhere, radius: 100, identifier: "home"))
        }
        harness.advance(by: 60)
        #expect(
            harness.delegate.serviceEvents == [
                .startedMonitoring("home"), .state(.inside, "home"), .state(.inside, "home"),
                .startedMonitoring("home"), .state(.unknown, "home"),
                .state(.outside, "home"),  // first determination of the new region: no exit
            ])
        let regions = harness.thread.sync { manager.value.monitoredRegions }
        let region = try #require(regions.first as? CLCircularRegion)
        #expect(regions.count == 1 && region.center.latitude == 48.9)
    }

    /// `requestState(for:)` never contradicts a state already reported (issue 31).
    ///
    /// `requestState(for:)` in the same turn as `startMonitoring(for:)`, while the manager's fixes are
    /// already inside, answered `.unknown` right after `didDetermineState(.inside)`. The answer is the app's state
    /// when it is delivered: it never contradicts a state reported before it.
    @Test func requestStateNeverContradictsAStateAlreadyReported() {
        // A provider that delivers its fix within its start: the fix is posted between the two calls below.
        let provider = StartsWithAFix(fix(10, from: centre))
        let thread = CallbackThread()
        defer { thread.stop() }
        let delegate = RecordingDelegate()
        let region = CLCircularRegion(center: centre, radius: 100, identifier: "home")
        let manager = thread.sync {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(
                    provider: provider, authorization: LocationAuthorization(status: .authorizedAlways)))
            manager.delegate = delegate
            manager.startMonitoring(for: region)
            manager.requestState(for: region)
            return UncheckedBox(manager)
        }
        thread.sync {}
        thread.sync {}
        #expect(
            delegate.serviceEvents == [.startedMonitoring("home"), .state(.inside, "home"), .state(.inside, "home")])
        _ = manager
    }

    @Test func requestStateForAnUnmonitoredRegionIsUnknown() {
        let harness = ManagerHarness([])
        let manager = harness.makeManager {
            $0.requestState(for: CLCircularRegion(center: centre, radius: 100, identifier: "never"))
        }
        harness.thread.sync {}
        #expect(harness.delegate.serviceEvents == [.state(.unknown, "never")])
        _ = manager
    }

    @Test func twentyFirstRegionFailsUntilOneStops() throws {
        let harness = ManagerHarness([])
        let manager = harness.makeManager { manager in
            for index in 0..<21 {
                manager.startMonitoring(for: CLCircularRegion(center: centre, radius: 50, identifier: "r\(index)"))
            }
        }
        harness.on(manager) { manager in
            manager.stopMonitoring(for: CLCircularRegion(center: centre, radius: 50, identifier: "r0"))
            manager.startMonitoring(for: CLCircularRegion(center: centre, radius: 50, identifier: "r20"))
        }
        harness.thread.sync {}
        let events = harness.delegate.serviceEvents
        try #require(events.count == 22)
        #expect(events.prefix(20) == ArraySlice((0..<20).map { DelegateEvent.startedMonitoring("r\($0)") }))
        #expect(events[20] == .monitoringFailed("r20", .regionMonitoringFailure))
        #expect(events[21] == .startedMonitoring("r20"))
        #expect(harness.thread.sync { manager.value.monitoredRegions.count } == 20)
        #expect(harness.thread.sync { manager.value.maximumRegionMonitoringDistance } == 1_000_000)
    }
}
