/// When a connection that should be streaming fixes counts as silent (dead) and is dropped.
///
/// The check is armed only while gpsd reports at least one active device (gpsd legitimately
/// sends nothing when no receiver is attached). The timeout is
/// `max(minimumTimeout, cycleMultiplier × cycle)` where `cycle` is the longest `cycle` of the
/// active devices, or ``defaultCycle`` when gpsd does not report one. Defaults: 5 × cycle with a
/// 3 s floor, i.e. 5 s for a 1 Hz receiver and 3 s for a 10 Hz one. gpsd emits a `TPV` every
/// cycle even without a fix (mode 1), so five missed cycles mean a stalled daemon or device.
public struct GPSDSilencePolicy: Sendable, Equatable {
    /// How many device cycles may pass without a `TPV` (> 0).
    public var cycleMultiplier: Double
    /// The shortest timeout, in seconds (> 0).
    public var minimumTimeout: Double
    /// The cycle assumed when gpsd reports none, in seconds (> 0).
    public var defaultCycle: Double

    /// Creates a policy; non-positive arguments fall back to the defaults.
    public init(cycleMultiplier: Double = 5, minimumTimeout: Double = 3, defaultCycle: Double = 1) {
        self.cycleMultiplier = cycleMultiplier > 0 ? cycleMultiplier : 5
        self.minimumTimeout = minimumTimeout > 0 ? minimumTimeout : 3
        self.defaultCycle = defaultCycle > 0 ? defaultCycle : 1
    }

    /// The silence timeout in seconds for a device cycle in seconds (`nil`: unknown cycle).
    public func timeout(forCycle cycle: Double?) -> Double {
        let cycle = cycle.flatMap { $0 > 0 ? $0 : nil } ?? defaultCycle
        return max(minimumTimeout, cycleMultiplier * cycle)
    }
}
