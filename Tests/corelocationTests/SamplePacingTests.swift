import Foundation
import LinuxCoreLocation
import MirrorTestSupport
import SharedTestSupport
import Testing

@testable import corelocation

/// `sample:?speed=max&loop --count 20000` lost about 25,000 s of fixes to "callbacks fall behind its provider":
/// the sample did not pass on its replay's pacing, so the hub treated it as a live source and dropped the oldest
/// fixes a slow reader had not taken, where `gpx:` at the same pace waits for it.
@Suite struct SamplePacingTests {
    /// Keeps its manager and the fixes' times on the callback queue, and signals when it has `wanted` fixes.
    final class TimeDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
        let wanted: Int
        var manager: CLLocationManager?
        var times: [Date] = []
        let done = DispatchSemaphore(value: 0)
        init(wanted: Int) { self.wanted = wanted }
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            let before = times.count
            times += locations.map(\.timestamp)
            if before < wanted && times.count >= wanted { done.signal() }
        }
    }

    @Test func theSampleWaitsForItsReaderAsAReplayAndDeliversEveryFixInOrder() async throws {
        let provider = try SampleProvider(LocationProviderURI("sample:?speed=max&loop"))
        #expect(provider.pacing.waitsForConsumers, "the sample must be paced as the replay it is")
        // Five passes of the 120-fix track: one fix a second, each pass dated one second after the one before.
        let queue = DispatchQueue(label: "SamplePacingTests")
        let delegate = TimeDelegate(wanted: 600)
        delegate.manager = manager(of: provider, on: queue) { manager in
            manager.delegate = delegate
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation()
        }
        await offThePool { delegate.done.wait() }
        let (times, dropped) = queue.sync {
            delegate.manager?.stopUpdatingLocation()
            return (Array(delegate.times.prefix(600)), delegate.manager?.droppedLocationCount)
        }
        let first = try #require(times.first)
        #expect(times == (0..<600).map { first.addingTimeInterval(Double($0)) })
        #expect(dropped == 0)
    }
}
