/// The last intervals between a feed's epochs, whose longest sets how long the feed may be silent.
///
/// One window for the gpsd client's silence policy and the live NMEA provider's silence rule. The rules around it
/// differ on purpose and stay with their owners: gpsd emits a `TPV` every device cycle even without a fix and
/// reports that cycle, so its rule counts missed `TPV`s against the longer of gpsd's cycle and this window (floor
/// 3 s); a raw NMEA stream tells nothing of its rate but its epochs and may be late to deliver them, so its rule
/// counts any byte as a sign of life, measures on the receiver's own times where it can, and floors at 5 s.
/// A value type; its owner confines it (a queue, a lock).
package struct EpochIntervals: Sendable, Equatable {
    /// How many intervals are kept: 8.
    package static let kept = 8

    /// The intervals in seconds, oldest first.
    package private(set) var intervals: [Double] = []

    /// An empty window.
    package init() {}

    /// Adds an interval in seconds, forgetting the oldest beyond ``kept``.
    package mutating func note(_ interval: Double) {
        intervals.append(interval)
        if intervals.count > Self.kept { intervals.removeFirst() }
    }

    /// The longest interval kept, in seconds; `nil` before the first.
    package var longest: Double? { intervals.max() }
}
