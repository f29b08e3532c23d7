import LocationSupport

/// How long the client waits before reconnecting.
///
/// A pure value: ``delay(afterFailures:)`` depends on nothing but its argument, so tests check it directly.
/// Two cases, so that a restarted gpsd is found at once while a misbehaving one is not hammered:
///
/// - **Refused** (nothing listens: `ECONNREFUSED`, or a Unix socket path that does not exist): the client retries
///   every ``refusedDelay`` (0.5 s), without growing, so it is back within that long of gpsd listening again. A
///   refused connect costs one reset packet on the loopback interface.
/// - **Any other failure** (gpsd closed or reset the connection, fell silent, never greeted; a timeout; name
///   resolution): the delay grows with the number of such failures in a row: 0.25 s, doubling per failure, capped
///   at 8 s (0.25, 0.5, 1, 2, 4, 8, 8, ...). Refusals in between neither count nor reset it; the count resets when
///   a connection delivers its first `TPV`.
///
/// No jitter: the client talks to one daemon, normally on the same host, so there is no herd to spread out.
public struct GPSDBackoffPolicy: Sendable, Equatable {
    /// The delay after the first failure, in seconds (> 0).
    public var initialDelay: Double
    /// The factor applied per further failure (≥ 1).
    public var multiplier: Double
    /// The longest delay, in seconds (≥ `initialDelay`).
    public var maximumDelay: Double
    /// The delay after a refused connection, in seconds (> 0); it does not grow.
    public var refusedDelay: Double

    /// Creates a policy; out-of-range arguments are clamped to the valid ranges documented above (a non-positive
    /// `refusedDelay` falls back to 0.5 s).
    public init(
        initialDelay: Double = 0.25, multiplier: Double = 2, maximumDelay: Double = 8, refusedDelay: Double = 0.5
    ) {
        self.initialDelay = initialDelay > 0 ? initialDelay : 0.25
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
        self.refusedDelay = refusedDelay > 0 ? refusedDelay : 0.5
    }

    /// The wait, in seconds, before the next attempt after `failures` consecutive failures other than refusals.
    ///
    /// - Parameter failures: 1 after the first failure; values below 1 are treated as 1.
    /// - Returns: `min(maximumDelay, initialDelay × multiplier^(failures − 1))`.
    public func delay(afterFailures failures: Int) -> Double {
        ReconnectDelay.delay(
            afterFailures: failures, initial: initialDelay, multiplier: multiplier, maximum: maximumDelay)
    }
}
