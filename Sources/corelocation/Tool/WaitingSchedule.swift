import Foundation

/// When the waiting notice looks again, and how long the silence it reports has lasted, apart from any clock so
/// that tests can drive it with plain dates.
///
/// The first look comes ``quietLimit`` after the last delivery — ``firstDelay`` seconds, or twice the interval
/// observed between the last two deliveries when that is longer, so that a slow feed's regular gap (a gpsd epoch
/// every 6 s) is not reported as silence, as the gpsd provider's own silence limit follows the observed rate.
/// After each notice the next look comes after an interval twice as long, up to ``longestDelay``. A delivery
/// starts the schedule again from the delivery's own time, so the silence a notice reports is exact.
struct WaitingSchedule {
    /// Seconds without a delivery before the first notice, at least.
    static let firstDelay: TimeInterval = 5
    /// The longest interval between two notices, in seconds.
    static let longestDelay: TimeInterval = 60

    /// When the last delivery arrived (the start, before any).
    private(set) var lastDelivery: Date
    /// When to look next.
    private(set) var next: Date
    private var count = 0
    private var interval: TimeInterval?
    private var delay: TimeInterval

    /// A schedule starting at `start`, with nothing delivered yet.
    init(start: Date) {
        lastDelivery = start
        delay = Self.firstDelay
        next = start.addingTimeInterval(delay)
    }

    /// The silence that counts as one: ``firstDelay``, or twice the observed interval between deliveries.
    var quietLimit: TimeInterval { max(Self.firstDelay, 2 * (interval ?? 0)) }

    /// Takes in what has been delivered so far; anything new starts the schedule again.
    ///
    /// - Parameters:
    ///   - count: How many fixes or headings were delivered since the start.
    ///   - last: When the last of them arrived.
    ///   - previous: When the one before it arrived, if any: with `last`, the feed's interval.
    /// - Returns: Whether anything new was delivered.
    mutating func delivered(count: Int, last: Date?, previous: Date?) -> Bool {
        guard count != self.count, let last else { return false }
        self.count = count
        if let previous { interval = last.timeIntervalSince(previous) }
        lastDelivery = last
        delay = quietLimit
        next = last.addingTimeInterval(delay)
        return true
    }

    /// How long nothing has been delivered at `now`, in whole seconds, for the notice.
    func silence(at now: Date) -> Int { Int(now.timeIntervalSince(lastDelivery).rounded()) }

    /// A notice was written at `now`: the next look comes twice as late, up to ``longestDelay``.
    mutating func noticed(at now: Date) {
        delay = min(delay * 2, Self.longestDelay)
        next = now.addingTimeInterval(delay)
    }

    /// Whether anything was delivered yet.
    var hasDeliveries: Bool { count > 0 }
}
