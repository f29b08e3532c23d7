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
}
