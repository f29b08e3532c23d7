import Foundation
import Testing

@testable import LinuxCoreLocation

private let stop = CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945)
private let circle = CLCircularRegion(center: stop, radius: 100, identifier: "stop")

/// A region's state is the app's, as its set is: decided once from whichever manager's fixes, reported to
/// every manager with a delegate, and answered alike by `requestState(for:)` (issue 20, finding 9).
@Suite struct SharedRegionStateTests {
    /// One fix at the region's centre, as `fixed:` delivers once per start.
    private static func oneFix() -> [ScriptedLocationProvider.Step] {
        [
            .init(
                at: 1,
                .locations([
                    CLLocation(
                        coordinate: stop, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
                        timestamp: Date(timeIntervalSince1970: 0))
                ]))
        ]
    }

    @Test func aManagerMadeAfterTheFixAnswersTheAppsState() {
        let harness = ManagerHarness(Self.oneFix())
        let first = harness.makeManager { $0.startMonitoring(for: circle) }
        defer { withExtendedLifetime(first) {} }
        harness.advance(by: 1)
        #expect(harness.delegate.serviceEvents == [.startedMonitoring("stop"), .state(.inside, "stop")])
        let later = RecordingDelegate()
        let second = harness.thread.sync {
            let manager = CLLocationManager(configuration: harness.configuration())
            manager.delegate = later
            return UncheckedBox(manager)
        }
        harness.on(second) { $0.requestState(for: circle) }
        harness.thread.sync {}
        #expect(later.serviceEvents == [.state(.inside, "stop")])
    }

    @Test func managersOnTwoThreadsSeeEachEventOnce() {
        for _ in 0..<20 {
            let harness = ManagerHarness(Self.oneFix())
            let other = RecordingDelegate()
            let otherThread = CallbackThread()
            defer { otherThread.stop() }
            let second = otherThread.sync {
                let manager = CLLocationManager(configuration: harness.configuration())
                manager.delegate = other
                return UncheckedBox(manager)
            }
            let first = harness.makeManager { $0.startMonitoring(for: circle) }
            // Whichever thread applies the fix first hands the events to the other: drain both, both ways.
            harness.advance(by: 1)
            otherThread.sync {}
            harness.thread.sync {}
            otherThread.sync {}
            #expect(harness.delegate.serviceEvents == [.startedMonitoring("stop"), .state(.inside, "stop")])
            #expect(other.serviceEvents == [.state(.inside, "stop")])
            harness.on(first) { $0.requestState(for: circle) }
            otherThread.sync { second.value.requestState(for: circle) }
            harness.thread.sync {}
            otherThread.sync {}  // the answer is queued on the manager's thread
            #expect(harness.delegate.serviceEvents.last == .state(.inside, "stop"))
            #expect(other.serviceEvents == [.state(.inside, "stop"), .state(.inside, "stop")])
        }
    }

    /// The order of stop 23's CI failure (SharedRegionsTests): a manager handles a later fix itself before the
    /// note that another manager's fix changed a state reaches it; it must still report the earlier change first.
    @Test func aManagerReportsTheAppsEventsInTheirOrderWhicheverFixCausedThem() {
        let regions = MonitoredRegions(limit: 20, maximumRadius: 1_000)
        try? regions.add(circle)
        let managers = (NSObject(), NSObject())  // held, so that their identifiers differ
        let (first, second) = (ObjectIdentifier(managers.0), ObjectIdentifier(managers.1))
        regions.join(first)
        regions.join(second)
        let far = fix(500, from: stop)
        let near = CLLocation(
            coordinate: stop, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
            timestamp: Date(timeIntervalSince1970: 1))
        let names = { (events: [RegionMonitor.Event]) in events.map(Self.name) }

        #expect(names(regions.update(with: far, from: first)) == ["state outside"])
        // The second manager's copy of the far fix changes nothing, but it reports what the first's did.
        #expect(names(regions.update(with: far, from: second)) == ["state outside"])
        #expect(names(regions.update(with: near, from: second)) == ["state inside", "entered"])
        // The note from the first manager then finds nothing left; the first takes the second's events.
        #expect(regions.unreportedEvents(for: second).isEmpty)
        #expect(names(regions.update(with: near, from: first)) == ["state inside", "entered"])
        #expect(regions.unreportedEvents(for: first).isEmpty)
        withExtendedLifetime(managers) {}
    }

    private static func name(_ event: RegionMonitor.Event) -> String {
        switch event {
        case .determined(.inside, _): "state inside"
        case .determined(.outside, _): "state outside"
        case .determined: "state unknown"
        case .entered: "entered"
        case .exited: "exited"
        }
    }
}
