/// The range a time from outside (a receiver, gpsd, GeoClue, a log) must lie in before it becomes a
/// ``CLLocation`` or ``CLHeading`` timestamp.
///
/// **Linux only.**
///
/// Every provider applies this one rule where it turns an external time into a timestamp, so that no formatter,
/// recorder or age filter downstream ever sees a time like gpsd's numeric `1e16` or GeoClue's `Timestamp` of
/// 2⁶⁴ − 1 s. A fix whose time fails it is invalid: the provider skips and counts it (``SkippedFixes``).
/// The range: from ``earliest`` (1980-01-01T00:00:00Z; GPS time starts on 1980-01-06, so no receiver reports an
/// earlier fix) to, for a live source, ``allowedLead`` (one day) after its clock's now, or, for a recording,
/// ``latest`` (9999-12-31T23:59:59Z, the last instant a four-digit year can write).
enum FixTime {
    /// Why a time cannot stamp a fix.
    enum Problem: Sendable, Equatable {
        /// Before ``FixTime/earliest``.
        case beforeEarliest
        /// More than ``FixTime/allowedLead`` after a live source's clock.
        case aheadOfClock
        /// After ``FixTime/latest``.
        case afterLatest

        /// The cause, for counting: the same text for every time with this problem.
        var cause: String {
            switch self {
            case .beforeEarliest: "time before 1980"
            case .aheadOfClock: "time more than a day ahead of the clock"
            case .afterLatest: "time after the year 9999"
            }
        }

        /// One line naming the time and the problem: the time as an ISO 8601 date where it has one (years 1 to
        /// 9999, checked before formatting), else in seconds since 1970 (`1e+16 s since 1970`).
        func detail(_ time: Date) -> String {
            "time \(FixTime.text(of: time)) is \(cause.dropFirst("time ".count))"
        }
    }

    /// `2034-01-11T05:07:32Z` for a time in the years 1 to 9999; `1e+16 s since 1970` (or `nan s since 1970`)
    /// otherwise, never handed to a formatter.
    static func text(of time: Date) -> String {
        let seconds = time.timeIntervalSince1970
        guard seconds >= -62_135_596_800, seconds <= latest.timeIntervalSince1970 else {
            return "\(seconds) s since 1970"
        }
        return time.formatted(.iso8601)
    }

    /// 1980-01-01T00:00:00Z.
    static let earliest = Date(timeIntervalSince1970: 315_532_800)
    /// How far a live source's time may run ahead of its clock: one day, in seconds.
    static let allowedLead: TimeInterval = 86_400
    /// 9999-12-31T23:59:59Z.
    static let latest = Date(timeIntervalSince1970: 253_402_300_799)

    /// What is wrong with `time`, or `nil` when it can stamp a fix.
    ///
    /// - Parameters:
    ///   - time: The external time.
    ///   - now: A live source's clock; `nil` for a recording, whose times are not compared with any clock.
    /// - Returns: The problem, or `nil` when the time is in range.
    static func problem(with time: Date, now: Date?) -> Problem? {
        let seconds = time.timeIntervalSince1970
        guard seconds >= earliest.timeIntervalSince1970 else { return .beforeEarliest }  // NaN lands here too
        if let now, seconds > now.timeIntervalSince1970 + allowedLead { return .aheadOfClock }
        return seconds > latest.timeIntervalSince1970 ? .afterLatest : nil
    }
}
