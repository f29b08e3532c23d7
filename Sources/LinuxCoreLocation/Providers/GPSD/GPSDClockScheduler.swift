import Dispatch
import GPSD
import LocationSupport

/// The gpsd client's time on the provider's ``LocationClock``: the one clock through which all time-based
/// behaviour of the provider goes (connect and greeting timeouts, reconnect backoff, silence, the epoch's pause).
///
/// With a ``ManualClock`` a test steps the client's backoff and silence checks as it steps everything else; with the
/// ``SystemClock`` the client's timers run after monotonic delays (`asyncAfter`), as the clock's do.
///
/// ``now()`` is the clock's date in seconds since 1970, held from going backwards (`GPSDScheduler` promises a time
/// that never decreases): a wall clock set back holds still until it catches up, and one set forward can make a
/// silence check find gpsd silent once, which costs one reconnect. Thread-safe.
struct GPSDClockScheduler: GPSDScheduler {
    let clock: any LocationClock
    /// The latest time ``now()`` returned.
    private let latest = Locked(-Double.infinity)

    init(clock: any LocationClock) {
        self.clock = clock
    }

    func now() -> Double {
        let time = clock.now.timeIntervalSince1970
        return latest.withLock { latest in
            latest = max(latest, time)
            return latest
        }
    }

    /// Runs `work` on `queue` once `delay` seconds have passed on the clock; a ``Work/cancel()`` made on `queue`
    /// before it runs stops it, even when the clock's timer has already fired.
    func schedule(after delay: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
        -> any GPSDScheduledWork
    {
        let cancelled = Locked(false)
        let timer = clock.schedule(after: delay) {
            queue.async {
                if !cancelled.withLock({ $0 }) { work() }
            }
        }
        return Work(timer: timer, cancelled: cancelled)
    }

    /// A scheduled piece of the client's work.
    struct Work: GPSDScheduledWork {
        let timer: LocationClockTimer
        let cancelled: Locked<Bool>

        func cancel() {
            cancelled.withLock { $0 = true }
            timer.cancel()
        }
    }
}
