import Foundation
import SharedTestSupport
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
    ///
    /// The app decides each fix once, in the order the fixes came, and sends every manager the events when a
    /// decision is taken; each manager reports a decision's events once, with its fix (here `hear`, the path both
    /// take) or from that note, whichever comes first.
    @Test func aManagerReportsTheAppsEventsInTheirOrderWhicheverFixCausedThem() {
        let authorization = LocationAuthorization(status: .authorizedAlways)
        let app = authorization.app
        try? app.addRegion(circle)
        let queue = DispatchQueue(label: "SharedRegionStateTests.order")
        let quiet = ScriptedLocationProvider(steps: [], clock: ManualClock())
        let configuration = LocationManagerConfiguration(
            provider: quiet, authorization: authorization, callbackQueue: queue)
        let delegates = (RecordingDelegate(), RecordingDelegate())
        let managers = (
            CLLocationManager(configuration: configuration), CLLocationManager(configuration: configuration)
        )
        managers.0.delegate = delegates.0
        managers.1.delegate = delegates.1
        let (first, second) = (managers.0.engine, managers.1.engine)
        let near = CLLocation(
            coordinate: stop, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
            timestamp: Date(timeIntervalSince1970: 1))
        // Two fixes in a row: making the second decision takes the first, whose note both managers are sent.
        let farDecision = app.deciding([fix(500, from: stop)]) { $0 }
        let nearDecision = app.deciding([near]) { $0 }
        let names = { (delegate: RecordingDelegate) in
            queue.sync { regionEvents(delegate.serviceEvents).map(Self.name) }
        }

        queue.sync { first.hear(farDecision) }
        #expect(names(delegates.0) == ["state outside"])
        // The second manager's copy of the far fix changes nothing, but it reports what the first's did.
        queue.sync { second.hear(farDecision) }
        #expect(names(delegates.1) == ["state outside"])
        queue.sync { second.hear(nearDecision) }
        #expect(names(delegates.1) == ["state outside", "state inside", "entered"])
        // The note from the near decision then finds nothing left; the first takes the second's events.
        queue.sync { second.hear(nearDecision) }
        #expect(names(delegates.1) == ["state outside", "state inside", "entered"])
        queue.sync { first.hear(nearDecision) }
        #expect(names(delegates.0) == ["state outside", "state inside", "entered"])
        queue.sync { first.hear(farDecision) }
        #expect(names(delegates.0) == ["state outside", "state inside", "entered"])
        withExtendedLifetime(managers) {}
    }

    private static func name(_ event: DelegateEvent) -> String {
        switch event {
        case .state(.inside, _): "state inside"
        case .state(.outside, _): "state outside"
        case .state: "state unknown"
        case .entered: "entered"
        case .exited: "exited"
        default: "\(event)"
        }
    }
}
