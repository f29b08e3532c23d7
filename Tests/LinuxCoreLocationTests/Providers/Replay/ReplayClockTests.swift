import Foundation
import LocationSupport
import MirrorTestSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A replay as fast as possible sets its virtual clock to the recording's first time without that jump counting
/// as time passing: timeouts started before the replay run on the recording's time (`corelocation once` on a
/// log exited 2 at once, its 10 s timeout fired by the jump from 1970 to the log's first date).
@Suite struct ReplayClockTests {
    @Test func aRequestMadeBeforeAReplayIsAnsweredByItsFirstFix() async {
        let time = Date(timeIntervalSince1970: 1_554_595_351)  // 2019-04-07, as in a receiver log
        let provider = ReplayLocationProvider(
            identifier: "test:replay-clock", capabilities: [.location],
            options: ReplayOptions(speed: .asFastAsPossible), isAvailable: { true },
            open: { ArraySource([ReplayItem(time: time, event: .locations([fix(48.1, time: time)]))]) })
        let queue = DispatchQueue(label: "ReplayClockTests")
        let delegate = RecordingDelegate()
        let manager = manager(of: provider, on: queue) { manager in
            manager.delegate = delegate
            manager.requestLocation()
        }
        let answered = await offThePool {
            delegate.wait(timeout: 10) { events in
                events.contains { if case .locations = $0 { true } else if case .error = $0 { true } else { false } }
            }
        }
        #expect(answered)
        // The end of the replay may follow, or not yet.
        #expect(delegate.serviceEvents.filter { $0 != .providerFinished } == [.locations([48.1])])
        #expect(provider.clock.now == time)
        withExtendedLifetime(manager) {}
    }

    /// The clock is set, not advanced: what was scheduled stays as far ahead as it was.
    @Test func rebasingKeepsPendingActionsAsFarAhead() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 0))
        let fired = Locked(0)
        clock.schedule(after: 10) { fired.withLock { $0 += 1 } }
        clock.rebase(to: Date(timeIntervalSince1970: 1_554_595_351))
        #expect(fired.withLock { $0 } == 0)
        clock.advance(by: 9.9)
        #expect(fired.withLock { $0 } == 0)
        clock.advance(by: 0.1)
        #expect(fired.withLock { $0 } == 1)
        clock.rebase(to: Date(timeIntervalSince1970: 5))  // in the past: nothing changes
        #expect(clock.now == Date(timeIntervalSince1970: 1_554_595_361))
    }
}
