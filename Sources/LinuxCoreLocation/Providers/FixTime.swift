import LocationSupport

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
/// ``latest`` (4000-12-31T23:59:59Z: every format the tool writes holds it — Foundation's `Date.description`, which
/// CoreLocationCLI's `time` member uses, gives `<description unavailable>` after 4001-01-01T00:00:00Z, and GPX's
/// four-digit years end at 9999). Replays (NMEA logs, GPX files) apply it too, so a point dated in the year 5000 or
/// 10000 is skipped and counted at the provider rather than formatted as `null`.
package enum FixTime {
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
            case .afterLatest: "time after the year 4000"
            }
        }

        /// One line naming the time and the problem: the time as an ISO 8601 date where it has one (years 1 to
        /// 4000, checked before formatting), else in seconds since 1970 (`1e+16 s since 1970`).
        func detail(_ time: Date) -> String {
            "time \(FixTime.text(of: time)) is \(cause.dropFirst("time ".count))"
        }
    }

    /// `2034-01-11T05:07:32Z` (UTC, whole seconds, the fraction cut) for a time in the years 1 to 4000 (up to
    /// ``latest``); `1e+16 s since 1970` (or `nan s since 1970`) otherwise.
    ///
    /// The date is proleptic Gregorian, as GPX, NMEA and gpsd count days (`CivilDate`): Foundation's calendar turns
    /// Julian before 1582-10-15, so its formatter quoted a GPX file's `0001-01-01T00:00:00Z` as `0001-01-03`.
    package static func text(of time: Date) -> String {
        let seconds = time.timeIntervalSince1970
        guard seconds >= -62_135_596_800, seconds <= latest.timeIntervalSince1970 else {
            return "\(seconds) s since 1970"
        }
        // In range: the guard bounds it by ±6.5e10.
        let (days, secondOfDay) = CivilDate.dayAndSecond(of: Int64(seconds.rounded(.down)))
        let date = CivilDate.date(daysSince1970: Int(days))
        var text: [UInt8] = []
        for (value, width, separator) in [
            (date.year, 4, "-"), (date.month, 2, "-"), (date.day, 2, "T"), (secondOfDay / 3600, 2, ":"),
            (secondOfDay / 60 % 60, 2, ":"), (secondOfDay % 60, 2, "Z"),
        ] as [(Int, Int, Unicode.Scalar)] {
            DecimalDigits.append(UInt64(value), width: width, to: &text)
            text.append(UInt8(ascii: separator))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// 1980-01-01T00:00:00Z.
    static let earliest = Date(timeIntervalSince1970: 315_532_800)
    /// How far a live source's time may run ahead of its clock: one day, in seconds.
    static let allowedLead: TimeInterval = 86_400
    /// 4000-12-31T23:59:59Z.
    static let latest = Date(timeIntervalSince1970: 64_092_211_199)

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
