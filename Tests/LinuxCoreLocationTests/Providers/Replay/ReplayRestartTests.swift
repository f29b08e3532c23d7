import Foundation
import LocationSupport
import MirrorTestSupport
import Testing

@testable import LinuxCoreLocation

/// A replay as fast as possible started a second time plays on the recording's time again: its virtual clock must
/// not stay where the first run left it.
@Suite struct ReplayRestartTests {
    /// A delegate on a queue that signals each answer and the provider's end.
    private final class Answers: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
        let recorder = RecordingDelegate()
        let finished = DispatchSemaphore(value: 0)
        let updated = DispatchSemaphore(value: 0)
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            recorder.locationManager(manager, didUpdateLocations: locations)
            updated.signal()
        }
        func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
            recorder.locationManager(manager, didFailWithError: error)
        }
        func locationManagerProviderDidFinish(_ manager: CLLocationManager) { finished.signal() }
    }

    /// 30 fixes one second apart, 50 m accuracy: none meets a 10 m `desiredAccuracy`, so a `requestLocation()`
    /// is answered by its 10 s timeout (on the recording's time) with the best fix, the newest of equals.
    ///
    /// The first run plays the whole recording for `startUpdatingLocation()`; after the stop, a
    /// `requestLocation()` starts it again. The second run goes on one second after the first one's end (its
    /// fixes re-stamped from 30 s on) and must answer the request after 10 s of it, with its tenth fix (39 s);
    /// a clock left at the first run's end (the rebase to the first fix's time refused as going back) scheduled
    /// the timeout after the recording's end, and the request was never answered.
    @Test func aRequestOnASecondRunIsAnsweredByItsTimeout() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let items = (0..<30).map { index in
            let time = start.addingTimeInterval(Double(index))
            return ReplayItem(time: time, event: .locations([fix(Double(index) / 100, accuracy: 50, time: time)]))
        }
        let provider = ReplayLocationProvider(
            identifier: "test:replay-restart", capabilities: [.location, .accuracy],
            options: ReplayOptions(speed: .asFastAsPossible), isAvailable: { true }, open: { ArraySource(items) })
        let queue = DispatchQueue(label: "ReplayRestartTests")
        let delegate = Answers()
        let manager = manager(of: provider, on: queue) { manager in
            manager.delegate = delegate
            manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation()
        }
        #expect(delegate.finished.wait(timeout: .now() + 10) == .success)
        queue.sync { manager.stopUpdatingLocation() }
        #expect(delegate.recorder.serviceEvents.count == 30)
        for _ in 0..<30 { delegate.updated.wait() }
        queue.sync { manager.requestLocation() }
        #expect(delegate.updated.wait(timeout: .now() + 10) == .success)
        // The newest of the equally good fixes of the second run's first 10 s, once, stamped on the second run's time.
        #expect(Array(delegate.recorder.serviceEvents.dropFirst(30)) == [.locations([0.09])])
        #expect(queue.sync { manager.location?.timestamp } == start.addingTimeInterval(39))
    }
}
