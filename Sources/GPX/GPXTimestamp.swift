import Foundation
import LocationSupport

/// Parsing and formatting of GPX `<time>` values (XML Schema `dateTime`, ISO 8601 profile).
///
/// Calendar arithmetic is the package's `CivilDate` (integers, proleptic Gregorian), so it needs no `Calendar`,
/// `TimeZone` or locale and is thread-safe.
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
        // `YYYY-MM-DDThh:mm:ss` has fixed places: read at once, then the cursor takes the rest.
        guard text.count >= 19, let start = text.baseAddress,
            start[4] == UInt8(ascii: "-"), start[7] == UInt8(ascii: "-"),
            start[10] == UInt8(ascii: "T") || start[10] == UInt8(ascii: "t") || start[10] == UInt8(ascii: " "),
            start[13] == UInt8(ascii: ":"), start[16] == UInt8(ascii: ":"),
            let year = fixedDigits(start, 4), let month = fixedDigits(start + 5, 2),
            let day = fixedDigits(start + 8, 2), let hour = fixedDigits(start + 11, 2),
            let minute = fixedDigits(start + 14, 2), let second = fixedDigits(start + 17, 2)
        else { return nil }
        var scanner = Scanner(bytes: text)
        scanner.index += 19
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
        guard scanner.atEnd, (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        let unixSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        if unixSeconds == sentinelUnixSeconds { return .sentinel }
        return .date(Date(timeIntervalSince1970: Double(unixSeconds) + Double(nanoseconds) / 1e9))
    }

    /// The first instant a `<time>` can hold, `0000-01-01T00:00:00.000Z`, in Unix seconds.
    static let earliestFormattable = TimeInterval(CivilDate.daysSince1970(year: 0, month: 1, day: 1)) * 86_400
    /// The first instant after the last one a `<time>` can hold, `10000-01-01T00:00:00.000Z`, in Unix seconds.
    static let endOfFormattable = TimeInterval(CivilDate.daysSince1970(year: 10_000, month: 1, day: 1)) * 86_400

    /// Formats an instant as UTC with milliseconds, for example `2024-05-01T12:00:00.250Z`.
    ///
    /// Total: any `Date` gives a text or `nil`, never a trap. `nil` for an instant that does not round to a time
    /// with four year digits, 0000 to 9999 (such as `Date(timeIntervalSince1970: 1e16)`), or that is not finite.
    static func format(_ date: Date) -> String? {
        var text: [UInt8] = []
        var written = false
        ByteCursor.append(to: &text, atMost: UTCTimestampText.length) { written = append(date, to: &$0) }
        return written ? String(decoding: text, as: UTF8.self) : nil
    }

    /// Writes what ``format(_:)`` returns, without building a string; writes nothing and returns `false` where it
    /// returns `nil`.
    ///
    /// - Parameters:
    ///   - date: Any `Date`.
    ///   - line: Where the text goes, forward, with room for `UTCTimestampText.length` bytes.
    /// - Returns: Whether the text was written.
    static func append(_ date: Date, to line: inout ByteCursor) -> Bool {
        let seconds = date.timeIntervalSince1970
        // Both bounds are far inside Int64 milliseconds (±9.2e15 s), so the conversion below cannot trap.
        guard seconds >= earliestFormattable, seconds < endOfFormattable - 0.0005 else { return false }
        let milliseconds = Int64((seconds * 1000).rounded())
        return line.put(exactly: UTCTimestampText.length) {
            UTCTimestampText.write(milliseconds: milliseconds, endingAt: $0) != nil
        }
    }

    /// The value of the `count` decimal digits at `start`, or `nil` when one is not a digit.
    @inline(__always)
    private static func fixedDigits(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var value = 0
        for index in 0..<count {
            let digit = start[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    private static func pow10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
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
