import Dispatch
import Foundation
import LocationSupport
import Testing

@testable import LinuxCoreLocation

/// The gpsd client's timers on the provider's clock (issue 29: one clock for all time-based behaviour).
@Suite struct GPSDClockSchedulerTests {
    @Test func workRunsOnItsQueueWhenTheClockReachesItsDelay() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_000))
        let scheduler = GPSDClockScheduler(clock: clock)
        let queue = DispatchQueue(label: "client")
        let ran = Locked<[Double]>([])
        _ = scheduler.schedule(after: 0.25, on: queue) { ran.withLock { $0.append(scheduler.now()) } }
        clock.advance(by: 0.2)
        queue.sync {}
        #expect(ran.withLock { $0 }.isEmpty)
        clock.advance(by: 0.05)
        queue.sync {}
        #expect(ran.withLock { $0 } == [1_000.25])
    }

    @Test func aCancelOnTheQueueStopsWorkWhoseTimerHasAlreadyFired() {
        let clock = ManualClock()
        let scheduler = GPSDClockScheduler(clock: clock)
        let queue = DispatchQueue(label: "client")
        let ran = Locked(false)
        queue.suspend()
        let work = scheduler.schedule(after: 1, on: queue) { ran.withLock { $0 = true } }
        clock.advance(by: 1)  // the clock's timer fires and hands the work to the suspended queue
        work.cancel()
        queue.resume()
        queue.sync {}
        #expect(ran.withLock { $0 } == false)
        #expect(clock.pendingCount == 0)
    }

    @Test func nowFollowsTheClockAndNeverGoesBack() {
        let clock = SettableClock(now: Date(timeIntervalSince1970: 500))
        let scheduler = GPSDClockScheduler(clock: clock)
        #expect(scheduler.now() == 500)
        clock.set(Date(timeIntervalSince1970: 400))  // the wall clock set back
        #expect(scheduler.now() == 500)
        clock.set(Date(timeIntervalSince1970: 501.5))
        #expect(scheduler.now() == 501.5)
    }

    /// A clock whose time a test sets, backwards too (a wall clock being corrected).
    private final class SettableClock: LocationClock {
        private let time: Locked<Date>

        init(now: Date) { time = Locked(now) }

        var now: Date { time.withLock { $0 } }

        func set(_ date: Date) { time.withLock { $0 = date } }

        func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> LocationClockTimer {
            LocationClockTimer(action)
        }
    }
}
