import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The delegate is weak (Apple: `CLLocationManager.delegate`, "The delegate object to receive update events";
/// the property is `weak`): once the app lets go of it, or sets another, it hears nothing more — even of what the
/// same fix still has to tell (the region events that follow `didUpdateLocations` in one delivery).
@Suite struct ManagerDelegateReleaseTests {
    /// A delegate whose `didUpdateLocations` is the app's last use of it: the app drops its only reference there.
    private final class DroppedDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
        let recorder: RecordingDelegate
        var onLocations: () -> Void = {}
        init(_ recorder: RecordingDelegate) { self.recorder = recorder }
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            recorder.locationManager(manager, didUpdateLocations: locations)
            onLocations()
        }
        func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
        {
            recorder.locationManager(manager, didDetermineState: state, for: region)
        }
        func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
            recorder.locationManager(manager, didEnterRegion: region)
        }
    }

    /// Updating and monitoring a region, the delegate released by the app in the `didUpdateLocations` of the fix
    /// that enters the region: it must not then be told of the entry (it is gone as far as the app knows).
    @Test func aDelegateReleasedInItsFixCallbackIsNotToldThatFixsRegionEvents() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fixFarFromStop(1, seconds: 1)])),
            .init(at: 2, .locations([fixNearStop(1, seconds: 2)])),
        ])
        let recorder = RecordingDelegate()
        let held = UncheckedBox<DroppedDelegate?>(DroppedDelegate(recorder))
        weak let weakDelegate = held.value
        let manager = harness.makeManager { manager in
            manager.delegate = held.value
            manager.startUpdatingLocation()
            manager.startMonitoring(for: fanOutStopRegion)
        }
        harness.advance(by: 1)
        #expect(regionEvents(recorder.serviceEvents) == [.state(.outside, "stop")])
        held.value?.onLocations = { [held] in held.value = nil }
        harness.advance(by: 1)
        #expect(weakDelegate == nil)
        #expect(regionEvents(recorder.serviceEvents) == [.state(.outside, "stop")])
        harness.on(manager) { $0.stopUpdatingLocation() }
    }

    /// The same, the app setting another delegate in `didUpdateLocations`: the old one hears nothing more.
    @Test func aDelegateReplacedInItsFixCallbackIsNotToldThatFixsRegionEvents() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fixFarFromStop(1, seconds: 1)])),
            .init(at: 2, .locations([fixNearStop(1, seconds: 2)])),
        ])
        let recorder = RecordingDelegate()
        let first = DroppedDelegate(recorder)
        let manager = harness.makeManager { manager in
            manager.delegate = first
            manager.startUpdatingLocation()
            manager.startMonitoring(for: fanOutStopRegion)
        }
        harness.advance(by: 1)
        first.onLocations = { [harness, manager] in manager.value.delegate = harness.delegate }
        harness.advance(by: 1)
        #expect(regionEvents(recorder.serviceEvents) == [.state(.outside, "stop")])
        #expect(regionEvents(harness.delegate.serviceEvents) == [.state(.inside, "stop"), .entered("stop")])
        harness.on(manager) { $0.stopUpdatingLocation() }
    }
}
