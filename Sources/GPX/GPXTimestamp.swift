import Foundation

/// Parsing and formatting of GPX `<time>` values (XML Schema `dateTime`, ISO 8601 profile).
///
/// Calendar arithmetic is done here on integers (proleptic Gregorian, days from civil), so it
/// needs no `Calendar`, `TimeZone` or locale and is thread-safe.
enum GPXTimestamp {
    /// A parsed `<time>` value.
    enum Value: Equatable {
        /// An instant.
        case date(Date)
        /// The 32-bit `time_t` minimum, written by tools that stored "no time" as `INT32_MIN`.
        case sentinel
    }

    /// Unix seconds of `1901-12-13T20:45:52Z`, the 32-bit `time_t` minimum.
    static let sentinelUnixSeconds = Int64(Int32.min)

    /// Parses `YYYY-MM-DDThh:mm:ss[.f{1,9}][Z|±hh:mm|±hhmm|±hh]`; no zone designator means UTC.
    ///
    /// Returns `nil` when the text is not such a time or a field is out of range.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Value? {
        var scanner = Scanner(bytes: text)
        guard let year = scanner.digits(exactly: 4), scanner.skip("-"),
            let month = scanner.digits(exactly: 2), scanner.skip("-"),
            let day = scanner.digits(exactly: 2), scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.digits(exactly: 2), scanner.skip(":"),
            let minute = scanner.digits(exactly: 2), scanner.skip(":"),
            let second = scanner.digits(exactly: 2)
        else { return nil }
        var nanoseconds = 0
        if scanner.skip(".") {
            let start = scanner.index
            guard let fraction = scanner.digits(atMost: 9), scanner.index > start else { return nil }
            nanoseconds = fraction * pow10(9 - (scanner.index - start))
        }
        var offsetSeconds = 0
        if scanner.skip("Z") || scanner.skip("z") {
            // UTC.
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(exactly: 2), hours <= 23 else { return nil }
            _ = scanner.skip(":")
            let minutes = scanner.atEnd ? 0 : scanner.digits(exactly: 2)
            guard let minutes, minutes <= 59 else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.atEnd, (1...12).contains(month), (1...daysInMonth(year, month)).contains(day),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let unixSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        if unixSeconds == sentinelUnixSeconds { return .sentinel }
        return .date(Date(timeIntervalSince1970: Double(unixSeconds) + Double(nanoseconds) / 1e9))
    }

    /// The first instant a `<time>` can hold, `0000-01-01T00:00:00.000Z`, in Unix seconds.
    static let earliestFormattable = TimeInterval(daysFromCivil(year: 0, month: 1, day: 1)) * 86_400
    /// The first instant after the last one a `<time>` can hold, `10000-01-01T00:00:00.000Z`, in Unix seconds.
    static let endOfFormattable = TimeInterval(daysFromCivil(year: 10_000, month: 1, day: 1)) * 86_400

    /// Formats an instant as UTC with milliseconds, for example `2024-05-01T12:00:00.250Z`.
    ///
    /// Total: any `Date` gives a text or `nil`, never a trap. `nil` for an instant that does not round to a time
    /// with four year digits, 0000 to 9999 (such as `Date(timeIntervalSince1970: 1e16)`), or that is not finite.
    static func format(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        // Both bounds are far inside Int64 milliseconds (±9.2e15 s), so the conversion below cannot trap.
        guard seconds >= earliestFormattable, seconds < endOfFormattable - 0.0005 else { return nil }
        let milliseconds = Int64((seconds * 1000).rounded())
        let (wholeSeconds, millis) = floorDivide(milliseconds, 1000)
        let (days, secondOfDay) = floorDivide(wholeSeconds, 86_400)
        let (year, month, day) = civilFromDays(Int(days))
        let time = Int(secondOfDay)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(time / 3600, 2)):"
            + "\(pad(time / 60 % 60, 2)):\(pad(time % 60, 2)).\(pad(Int(millis), 3))Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func pow10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (inverse of ``daysFromCivil``).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
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

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var atEnd: Bool { index == bytes.endIndex }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }

        mutating func digits(exactly count: Int) -> Int? {
            let start = index
            guard let value = digits(atMost: count), index - start == count else { return nil }
            return value
        }

        mutating func digits(atMost count: Int) -> Int? {
            var value = 0
            let start = index
            while index < bytes.endIndex, index - start < count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? value : nil
        }
    }
}
