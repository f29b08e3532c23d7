/// When a connection that should be streaming fixes counts as silent (dead) and is dropped.
///
/// The check is armed only while gpsd reports at least one active device (gpsd legitimately sends nothing when no
/// receiver is attached). The limit follows the feed's rate: `max(minimumTimeout, cycleMultiplier × cycle)`, where
/// `cycle` is the longer of gpsd's own figure (the longest `cycle` of the active devices, ``defaultCycle`` when it
/// reports none) and the feed's observed interval: the longest of the last 8 intervals between the arrivals of
/// epochs (`TPV`s whose `time` differs from the previous one's) on one connection. gpsd reports a 1 s cycle for an
/// NMEA receiver whatever it really sends, so a receiver or a gpsfake session (`-c 0.2`: an epoch every 6 s)
/// slower than that would otherwise be dropped every epoch. Until an interval has been observed (fewer than two
/// epochs on one connection so far), the limit is at least ``unknownRateTimeout``.
///
/// Defaults: 5 × cycle with a 3 s floor, 30 s while the rate is unknown: 5 s for a 1 Hz feed, 3 s at 10 Hz, 30 s
/// for an epoch every 6 s. gpsd emits a `TPV` every cycle even without a fix (mode 1), so five missed cycles mean
/// a stalled daemon or device.
public struct GPSDSilencePolicy: Sendable, Equatable {
    /// How many device cycles may pass without a `TPV` (> 0).
    public var cycleMultiplier: Double
    /// The shortest timeout, in seconds (> 0).
    public var minimumTimeout: Double
    /// The cycle assumed when gpsd reports none, in seconds (> 0).
    public var defaultCycle: Double
    /// The shortest timeout while the feed's interval has not been observed yet, in seconds (> 0).
    public var unknownRateTimeout: Double

    /// Creates a policy; non-positive arguments fall back to the defaults.
    public init(
        cycleMultiplier: Double = 5, minimumTimeout: Double = 3, defaultCycle: Double = 1,
        unknownRateTimeout: Double = 30
    ) {
        self.cycleMultiplier = cycleMultiplier > 0 ? cycleMultiplier : 5
        self.minimumTimeout = minimumTimeout > 0 ? minimumTimeout : 3
        self.defaultCycle = defaultCycle > 0 ? defaultCycle : 1
        self.unknownRateTimeout = unknownRateTimeout > 0 ? unknownRateTimeout : 30
    }

    /// The silence timeout in seconds.
    ///
    /// - Parameters:
    ///   - cycle: gpsd's device cycle in seconds; `nil` (or not positive): unknown, ``defaultCycle``.
    ///   - observedInterval: The feed's observed interval between epochs in seconds; `nil` (or not positive and
    ///     finite): not observed yet.
    /// - Returns: `max(minimumTimeout, cycleMultiplier × max(cycle, observedInterval))`, or, while the interval is
    ///   unknown, that with the reported cycle but at least ``unknownRateTimeout``.
    public func timeout(forCycle cycle: Double?, observedInterval: Double?) -> Double {
        let reported = cycle.flatMap { $0 > 0 ? $0 : nil } ?? defaultCycle
        guard let observed = observedInterval, observed > 0, observed.isFinite else {
            return max(unknownRateTimeout, minimumTimeout, cycleMultiplier * reported)
        }
        return max(minimumTimeout, cycleMultiplier * max(reported, observed))
    }
}
