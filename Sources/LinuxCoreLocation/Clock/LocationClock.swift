/// The one source of time for everything time-based in the library: request timeouts, age checks, replay
/// pacing, dwell and pause detection.
///
/// **Linux only.**
///
/// Production code uses ``SystemClock``; tests use ``ManualClock`` and advance it by hand, so time-based
/// behaviour is tested without sleeping; replays at `?speed=max` use a ``ManualClock`` that the replay
/// advances to each recorded timestamp. Implementations must be safe to call from any thread.
public protocol LocationClock: AnyObject, Sendable {
    /// The current time of this clock.
    var now: Date { get }

    /// Runs `action` once, `delay` seconds from ``now`` (at once, but not re-entrantly, when `delay` ≤ 0).
    ///
    /// - Parameters:
    ///   - delay: Seconds from now.
    ///   - action: What to run. The clock chooses the thread: ``SystemClock`` a global dispatch queue,
    ///     ``ManualClock`` the thread that advances it.
    /// - Returns: A token that cancels the action if it has not run yet.
    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> LocationClockTimer
}
