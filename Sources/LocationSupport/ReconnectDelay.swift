/// The growth of a reconnect delay: one rule for the gpsd client and the live NMEA provider.
///
/// Each keeps its own public policy (`GPSDBackoffPolicy`, `NMEAReconnectBackoff`), on purpose: gpsd's client retries
/// a refused connection every 0.5 s without growing (a restarted daemon on this host is found at once) and starts at
/// 0.25 s, while the NMEA provider has no refusal case but looks for an absent serial device's path every 0.5 s and
/// starts at 0.5 s. What is the same, the delay after a run of failures, is here.
public enum ReconnectDelay {
    /// The delay, in seconds, after `failures` consecutive failures:
    /// `min(maximum, initial × multiplier^(failures − 1))`.
    ///
    /// Exact for a power-of-two multiplier (the factor is applied by repeated multiplication, stopping at
    /// `maximum`), and at most `failures` steps, so a huge count neither traps nor overflows.
    ///
    /// - Parameters:
    ///   - failures: 1 after the first failure; values below 1 count as 1.
    ///   - initial: The delay after the first failure, in seconds (> 0; callers clamp).
    ///   - multiplier: The factor per further failure (≥ 1; at 1 or below the delay stays `initial`).
    ///   - maximum: The longest delay, in seconds (≥ `initial`).
    /// - Returns: The delay in seconds.
    @inlinable public static func delay(
        afterFailures failures: Int, initial: Double, multiplier: Double, maximum: Double
    ) -> Double {
        guard multiplier > 1 else { return min(initial, maximum) }
        var delay = initial
        for _ in 1..<max(1, failures) {
            delay *= multiplier
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
