/// How long a live NMEA provider waits before reopening a device or reconnecting a socket.
///
/// **Linux only.**
///
/// The delay doubles after each failed attempt, from ``initialDelay`` up to ``maximumDelay``, and starts over
/// once a connection delivers data. Defaults: 0.5 s doubling to 8 s (0.5, 1, 2, 4, 8, 8, … seconds), quick
/// enough to pick up a re-plugged USB receiver within a second, slow enough to cost nothing while it is away.
public struct NMEAReconnectBackoff: Sendable, Equatable {
    /// The first delay, in seconds, > 0.
    public var initialDelay: Double
    /// The longest delay, in seconds, ≥ ``initialDelay``.
    public var maximumDelay: Double

    /// Creates a backoff; values are clamped to 0.001 s ≤ initial ≤ maximum.
    ///
    /// - Parameters:
    ///   - initialDelay: The first delay in seconds; 0.5 by default.
    ///   - maximumDelay: The longest delay in seconds; 8 by default.
    public init(initialDelay: Double = 0.5, maximumDelay: Double = 8) {
        self.initialDelay = max(0.001, initialDelay)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
    }

    /// The delay in seconds before attempt number `failures + 1`, after `failures` consecutive failures (≥ 1).
    public func delay(afterFailures failures: Int) -> Double {
        let doublings = min(max(0, failures - 1), 62)
        return min(maximumDelay, initialDelay * Double(1 << doublings))
    }
}
