import LocationSupport

/// How long a live NMEA provider waits before reopening a device or reconnecting a socket.
///
/// **Linux only.**
///
/// The delay doubles after each failed attempt, from ``initialDelay`` up to ``maximumDelay``, and starts over
/// once a connection delivers data. Defaults: 0.5 s doubling to 8 s (0.5, 1, 2, 4, 8, 8, … seconds), slow enough
/// to cost nothing while a device fails to open or a server refuses. A serial device whose path is gone (a USB
/// receiver unplugged) is not opened at all while absent: its path is looked for every
/// ``absentDeviceCheckInterval`` (0.5 s, one `access(2)` call), so a re-plugged receiver is reopened within that
/// long of its return however long it was away.
public struct NMEAReconnectBackoff: Sendable, Equatable {
    /// The first delay, in seconds, > 0.
    public var initialDelay: Double
    /// The longest delay, in seconds, ≥ ``initialDelay``.
    public var maximumDelay: Double
    /// How often an absent serial device's path is looked for, in seconds, > 0.
    public var absentDeviceCheckInterval: Double

    /// Creates a backoff; values are clamped to 0.001 s ≤ initial ≤ maximum and a check interval ≥ 0.001 s.
    ///
    /// - Parameters:
    ///   - initialDelay: The first delay in seconds; 0.5 by default.
    ///   - maximumDelay: The longest delay in seconds; 8 by default.
    ///   - absentDeviceCheckInterval: Seconds between looks for an absent device's path; 0.5 by default.
    public init(initialDelay: Double = 0.5, maximumDelay: Double = 8, absentDeviceCheckInterval: Double = 0.5) {
        self.initialDelay = max(0.001, initialDelay)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
        self.absentDeviceCheckInterval = max(0.001, absentDeviceCheckInterval)
    }

    /// The delay in seconds before attempt number `failures + 1`, after `failures` consecutive failures (≥ 1).
    public func delay(afterFailures failures: Int) -> Double {
        ReconnectDelay.delay(afterFailures: failures, initial: initialDelay, multiplier: 2, maximum: maximumDelay)
    }
}
