import LocationSupport

/// When a live NMEA stream that has stopped sending counts as dead, so that the provider reconnects: a TCP peer
/// that accepts and never sends, or stalls mid-stream, a receiver that hangs without closing its device.
///
/// **Linux only.**
///
/// The limit follows the feed's own rate: five times the longest of the last eight intervals between its epochs
/// (fixes or no-fix epochs), at least ``minimumLimit`` (5 s): 5 s for a 1 Hz receiver, 30 s for one that reports
/// every 6 s. Until two epochs have been seen (the rate is unknown, or the stream carries no NMEA at all), the limit
/// is ``unknownRateLimit`` (30 s). The intervals are kept across reconnects of one run. An interval is measured on
/// the receiver's own times when both of its epochs carry one (an epoch is delivered when it is complete, which in
/// a receiver's first cycles may be a cycle late or after a pause, so delivery times say little of its rate), else
/// on the provider's ``LocationClock``; one measured on the receiver's times counts at most ``longestInterval``
/// (a receiver's clock may jump). A value type, confined to its connection's lock.
///
/// Not the gpsd client's `GPSDSilencePolicy`, on purpose: gpsd sends a `TPV` every cycle and reports the cycle, so
/// that rule counts missed `TPV`s (floor 3 s) against gpsd's figure too; here any byte is a sign of life and the
/// rate is all the stream tells. The window of intervals, `EpochIntervals`, is the one both share.
struct NMEASilenceRule {
    /// The shortest limit, in seconds.
    static let minimumLimit = 5.0
    /// How many epoch intervals may pass without a byte.
    static let epochMultiplier = 5.0
    /// The limit while the feed's rate is unknown, in seconds.
    static let unknownRateLimit = 30.0
    /// The longest interval, in seconds, taken from a receiver's times.
    static let longestInterval = 60.0

    private var intervals = EpochIntervals()
    private var lastEpoch: (time: Date, fromReceiver: Bool)?

    /// A new connection: its first epoch starts no interval.
    mutating func connected() {
        lastEpoch = nil
    }

    /// Notes an epoch (a fix or a no-fix): the receiver's time of it, or the clock's time of its delivery.
    mutating func noteEpoch(receiverTime: Date?, deliveredAt now: Date) {
        let time = receiverTime ?? now
        let fromReceiver = receiverTime != nil
        if let lastEpoch, lastEpoch.fromReceiver == fromReceiver {
            let interval = max(0, time.timeIntervalSince(lastEpoch.time))
            intervals.note(fromReceiver ? min(interval, Self.longestInterval) : interval)
        }
        lastEpoch = (time, fromReceiver)
    }

    /// The reason a connection silent for `seconds` is closed: `no data for 5.0 s`, to a tenth of a second (the
    /// limit is measured from the feed, so it is rarely a round number).
    static func reason(silentFor seconds: Double) -> String {
        "no data for \((seconds * 10).rounded() / 10) s"
    }

    /// How long, in seconds, the stream may send nothing before it counts as dead.
    var limit: Double {
        guard let longest = intervals.longest else { return Self.unknownRateLimit }
        return max(Self.minimumLimit, Self.epochMultiplier * longest)
    }
}
