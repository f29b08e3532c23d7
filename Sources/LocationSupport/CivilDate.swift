/// Proleptic Gregorian dates as day counts since 1970-01-01: the calendar arithmetic of GPX, NMEA 0183 and gpsd.
///
/// On integers: no `Calendar`, `TimeZone` or locale, so thread-safe and exact.
/// The algorithms are Howard Hinnant's `days_from_civil` and `civil_from_days` ("chrono-Compatible Low-Level Date
/// Algorithms"): 400-year eras starting on 0000-03-01, so leap days fall at the end of a shifted year. Valid for
/// any date whose day count fits in `Int` divided by 146,097 (far beyond any year a receiver or file can name).
public enum CivilDate {
    /// Days from 1970-01-01 to the given date, negative before it.
    ///
    /// - Parameters:
    ///   - year: The year, astronomical numbering (0 is 1 BC).
    ///   - month: 1–12; the result is meaningless for other values (callers validate first).
    ///   - day: 1–(days in the month); a larger day counts on into the next month.
    /// - Returns: The day count, 0 for 1970-01-01.
    @inlinable public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date that lies `days` days after 1970-01-01 (before it when negative): the inverse of
    /// ``daysSince1970(year:month:day:)``.
    @inlinable public static func date(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day of an instant `seconds` after 1970-01-01T00:00:00Z (negative before) and the second within that day:
    /// floor division, so that an instant before 1970 falls on its own day, not the one after.
    ///
    /// - Parameter seconds: Whole seconds since 1970, in any range `Int64` holds.
    /// - Returns: The day count (for ``date(daysSince1970:)``) and the second of the day, 0–86,399.
    @inlinable public static func dayAndSecond(of seconds: Int64) -> (day: Int64, second: Int) {
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (day, Int(seconds - day * 86_400))
    }

    /// The number of days in `month` (1–12) of `year`: 28 or 29 for February, 30 or 31 otherwise.
    @inlinable public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
