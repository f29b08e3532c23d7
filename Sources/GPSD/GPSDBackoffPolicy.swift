/// How long the client waits before reconnecting after consecutive failed connections.
///
/// A pure value: ``delay(afterFailures:)`` depends on nothing but its argument, so tests check
/// it directly. Defaults: 0.25 s, doubling per failure, capped at 8 s (0.25, 0.5, 1, 2, 4, 8, 8,
/// ...). The failure count resets when a connection delivers its first `TPV`. No jitter: the
/// client talks to one daemon, normally on the same host, so there is no herd to spread out.
public struct GPSDBackoffPolicy: Sendable, Equatable {
    /// The delay after the first failure, in seconds (> 0).
    public var initialDelay: Double
    /// The factor applied per further failure (≥ 1).
    public var multiplier: Double
    /// The longest delay, in seconds (≥ `initialDelay`).
    public var maximumDelay: Double

    /// Creates a policy; out-of-range arguments are clamped to the valid ranges documented above.
    public init(initialDelay: Double = 0.25, multiplier: Double = 2, maximumDelay: Double = 8) {
        self.initialDelay = initialDelay > 0 ? initialDelay : 0.25
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
    }

    /// The wait, in seconds, before the next attempt after `failures` consecutive failures.
    ///
    /// - Parameter failures: 1 after the first failure; values below 1 are treated as 1.
    /// - Returns: `min(maximumDelay, initialDelay × multiplier^(failures − 1))`.
    public func delay(afterFailures failures: Int) -> Double {
        var delay = initialDelay
        for _ in 1..<max(1, failures) {
            delay *= multiplier
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }
}
