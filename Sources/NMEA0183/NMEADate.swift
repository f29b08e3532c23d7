import LocationSupport

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
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date that lies `days` days after 1970-01-01.
    public init(daysSince1970 days: Int) {
        (year, month, day) = CivilDate.date(daysSince1970: days)
    }

    /// Days from 1970-01-01 to this date (negative before 1970).
    public var daysSince1970: Int { CivilDate.daysSince1970(year: year, month: month, day: day) }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> NMEADate { NMEADate(daysSince1970: daysSince1970 + days) }

    /// Orders dates chronologically.
    public static func < (lhs: NMEADate, rhs: NMEADate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// ISO 8601, for example `2019-04-07`.
    public var description: String {
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(pad(month))-\(pad(day))"
    }
}
