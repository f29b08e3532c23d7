import Foundation

/// The rule that repairs dates broken by the GPS week-number rollover.
///
/// Legacy GPS broadcasts the week number modulo 1024 (about 19.6 years). A receiver whose firmware
/// assumes the wrong 1024-week era reports a date exactly 1024 weeks (7168 days) too early, as the
/// Telit HE910 did after 2019-04-06 (it printed 1999-08-22 on 2019-04-07). Rule: a date more than
/// 1000 weeks before the reference date is moved forward by 1024 weeks, repeatedly (at most 4 times).
/// The 24-week margin below the full period lets a live receiver pass "now" as the reference date.
public enum GPSWeekRollover {
    /// One GPS week-number era, in days (1024 weeks).
    public static let eraLengthInDays = 7168

    /// Dates more than this many days before the reference are rollover artifacts (1000 weeks).
    public static let plausibleSpanInDays = 7000

    /// The default reference date, 2025-09-01 UTC: with it, dates from 2006-07-03 on are accepted as they are.
    public static let defaultReferenceDate = Date(timeIntervalSince1970: 1_756_684_800)

    /// Returns `date` moved forward by whole 1024-week eras until it lies within 1000 weeks before `reference`.
    ///
    /// - Parameters:
    ///   - date: the receiver's calendar date (UTC).
    ///   - reference: see ``NMEADecoderOptions/rolloverReferenceDate``.
    /// - Returns: the repaired date; unchanged when it is already plausible.
    public static func corrected(_ date: NMEADate, reference: Date) -> NMEADate {
        corrected(dayOf: date, reference: reference).date
    }

    /// ``corrected(_:reference:)`` with the repaired date's day number since 1970-01-01, which the rule computes
    /// anyway: the epoch assembler stamps each fix with it instead of computing it again (issue 30).
    static func corrected(dayOf date: NMEADate, reference: Date) -> (date: NMEADate, day: Int) {
        let referenceDay = Int((reference.timeIntervalSince1970 / 86_400).rounded(.down))
        var day = date.daysSince1970
        // The usual case, a plausible date that exists as written (as every parsed one does), is returned as it is:
        // the same date the conversion from its day number would give, without that conversion (once per fix).
        if day >= referenceDay - plausibleSpanInDays,
            NMEADate(year: date.year, month: date.month, day: date.day) != nil
        {
            return (date, day)
        }
        var shifts = 0
        while day < referenceDay - plausibleSpanInDays, shifts < 4 {
            day += eraLengthInDays
            shifts += 1
        }
        return (NMEADate(daysSince1970: day), day)
    }
}
