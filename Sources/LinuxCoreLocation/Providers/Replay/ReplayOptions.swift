/// How a recording is replayed: its pace and whether it loops.
///
/// **Linux only.**
///
/// In URIs: `?speed=N` plays N times faster than recorded (0 < N ≤ 10,000; 1 by default), `?speed=max` plays
/// as fast as the machine allows on a virtual clock that follows the recording's own timestamps, and `?loop`
/// starts again from the beginning at the end (a flag: `?loop=false` is refused, not read as off).
public struct ReplayOptions: Sendable, Equatable {
    /// The pace of a replay.
    public enum Speed: Sendable, Equatable {
        /// Real time divided by the factor; fixes are re-stamped with the clock's time when delivered, and their
        /// speed and speed accuracy multiplied by the factor, so that they agree with the faster movement.
        case factor(Double)
        /// As fast as possible on a virtual clock set to each recorded time; fixes keep their recorded times.
        case asFastAsPossible
    }

    /// The pace; real time by default.
    public var speed: Speed
    /// Whether the replay starts again at the end instead of finishing.
    ///
    /// Each pass is dated after the one before (by the recording's length plus one second), and a loss of fix is
    /// reported once per outage across passes. The loop ends, finishing the replay with a line on standard error,
    /// before a pass whose times would pass 4000-12-31T23:59:59Z, the last date a recording's fix may have.
    public var loops: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - speed: The pace.
    ///   - loops: Whether to start again at the end.
    public init(speed: Speed = .factor(1), loops: Bool = false) {
        self.speed = speed
        self.loops = loops
    }

    /// Reads `speed` and `loop` from a provider URI.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` for a speed that is not `max`
    ///   or a number in 0 < N ≤ 10,000, or a `loop` with a value (`?loop=false`): a flag is its name alone.
    public init(uri: LocationProviderURI) throws {
        self.init(loops: try uri.flag("loop", effect: "replay in a loop"))
        guard let text = uri.parameter("speed") else { return }
        if text == "max" {
            speed = .asFastAsPossible
        } else if let factor = LocationProviderURI.decimalNumber(text), factor > 0, factor <= 10_000 {
            speed = .factor(factor)
        } else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "speed",
                reason: "expected max or a factor in 0 < N <= 10000, found \"\(text)\"")
        }
    }
}
