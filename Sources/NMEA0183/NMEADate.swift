/// A calendar date in UTC as a receiver reports it (RMC field 9, ZDA fields 2–4).
///
/// Two-digit RMC years use the pivot 80: `80`–`99` mean 1980–1999 (GPS time starts in 1980),
/// `00`–`79` mean 2000–2079. Values are validated when parsed: month 1–12, day 1–(days in month).
public struct NMEADate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, for example 2019.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// Creates a date; returns nil when the day does not exist in the proleptic Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date that lies `days` days after 1970-01-01.
    public init(daysSince1970 days: Int) {
        // Civil-from-days conversion on 400-year eras starting 0000-03-01.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (negative before 1970).
    public var daysSince1970: Int {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> NMEADate { NMEADate(daysSince1970: daysSince1970 + days) }

    /// Orders dates chronologically.
    public static func < (lhs: NMEADate, rhs: NMEADate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// ISO 8601, for example `2019-04-07`.
    public var description: String {
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(pad(month))-\(pad(day))"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
