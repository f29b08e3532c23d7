import Dispatch

/// The wall clock: ``now`` is `Date()` and actions run on a global dispatch queue when due.
///
/// **Linux only.**
public final class SystemClock: LocationClock {
    /// The process-wide system clock.
    public static let shared = SystemClock()

    /// Creates a system clock.
    public init() {}

    /// The current date, `Date()`.
    public var now: Date { Date() }

    /// Runs `action` on a global queue after `delay` seconds (monotonic time, not affected by clock changes).
    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> LocationClockTimer {
        let timer = LocationClockTimer(action)
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay)) { timer.fire() }
        return timer
    }
}
