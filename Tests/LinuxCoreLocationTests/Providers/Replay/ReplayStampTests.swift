import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A paced replay stamps each fix with its schedule time, `start + (tᵢ − t₀) / factor`, not with the time its timer
/// happened to run: on a loaded machine timers run late, and fixes stamped late came out uneven and even out of
/// order (`record` of a `speed=8` replay wrote times that were not increasing).
@Suite struct ReplayStampTests {
    /// A manual clock whose timers run late: every other one 0.3 s after it is due, as on a loaded machine.
    final class LateClock: LocationClock {
        let inner = ManualClock(start: Date(timeIntervalSince1970: 100))
        private let scheduled = Locked(0)

        var now: Date { inner.now }

        func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> LocationClockTimer {
            let lateness = scheduled.withLock { count in
                defer { count += 1 }
                return count % 2 == 0 ? 0.3 : 0
            }
            return inner.schedule(after: delay + lateness, action)
        }
    }

    @Test func aFasterReplayIsStampedWithItsScheduleEvenWhenTimersRunLate() {
        let clock = LateClock()
        let items = (0..<10).map { index in
            let time = Date(timeIntervalSince1970: 1_000 + Double(index))
            return ReplayItem(time: time, event: .locations([fix(45 + Double(index) * 0.001, time: time)]))
        }
        let provider = ReplayLocationProvider(
            identifier: "test:stamps", capabilities: [.location], options: ReplayOptions(speed: .factor(8)),
            clock: clock, isAvailable: { true }, open: { ArraySource(items) })
        let stamps = Locked<[TimeInterval]>([])
        provider.start { event in
            if case .locations(let fixes) = event {
                stamps.withLock { $0 += fixes.map(\.timestamp.timeIntervalSince1970) }
            }
        }
        clock.inner.advance(by: 10)
        provider.stop()
        // 1 s recorded apart, 8 times faster: 0.125 s apart from the start, whatever the timers' lateness.
        #expect(stamps.withLock { $0 } == (0..<10).map { 100 + Double($0) * 0.125 })
    }
}
