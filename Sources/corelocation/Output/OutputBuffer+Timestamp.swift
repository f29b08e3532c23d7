import Foundation
import LocationSupport

extension OutputBuffer {
    /// Appends `date` as ISO 8601 in UTC with milliseconds, `2026-05-14T08:30:01.000Z`, or `null` when it has
    /// no such text: not finite, or outside the years 0000–9999 that the format's four digits hold.
    ///
    /// The time is rounded to the nearest millisecond first: a receiver's `19.600` held as a binary fraction
    /// just below it must print as `19.600`, not be truncated to `19.599` as a formatter would.
    mutating func appendTimestamp(_ date: Date) {
        if !appendTimestampIfRepresentable(date, quoted: false) { append("null") }
    }

    /// Appends `date` as a JSON string of its ISO 8601 text, or JSON's `null` (unquoted) when it has none.
    mutating func appendJSONTimestamp(_ date: Date) {
        if !appendTimestampIfRepresentable(date, quoted: true) { append("null") }
    }

    /// Appends the ISO 8601 text of `date`, between double quotes when `quoted`; appends nothing and returns `false`
    /// when it has none.
    private mutating func appendTimestampIfRepresentable(_ date: Date, quoted: Bool) -> Bool {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        // 10¹⁴ s is about three million years: beyond year 9999, and far within what `Int64` holds.
        guard milliseconds.isFinite, milliseconds.magnitude < 1e17 else { return false }
        let total = Int64(milliseconds)
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let fraction = total - seconds * 1000
        // The calendar on integers, as `gmtime_r` computes it (proleptic Gregorian, UTC) but without its lock and
        // time-zone conversion, which cost a lock per fix (issue 30).
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = CivilDate.date(daysSince1970: Int(days))
        guard (0...9999).contains(year) else { return false }
        // Written backwards into one scratch buffer and appended at once (issue 30: fourteen appends before).
        // The text's 24 bytes, two quotes, and room for the digit writer's widest number before the year.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26 + DecimalDigits.maximumDigits) {
            let end = $0.baseAddress.unsafelyUnwrapped + $0.count
            var start = end
            if quoted {
                start -= 1
                start[0] = UInt8(ascii: "\"")
            }
            start -= 1
            start[0] = UInt8(ascii: "Z")
            start = Self.write(UInt64(fraction), width: 3, precededBy: UInt8(ascii: "."), endingAt: start)
            start = Self.write(UInt64(secondOfDay % 60), width: 2, precededBy: UInt8(ascii: ":"), endingAt: start)
            start = Self.write(UInt64(secondOfDay / 60 % 60), width: 2, precededBy: UInt8(ascii: ":"), endingAt: start)
            start = Self.write(UInt64(secondOfDay / 3600), width: 2, precededBy: UInt8(ascii: "T"), endingAt: start)
            start = Self.write(UInt64(day), width: 2, precededBy: UInt8(ascii: "-"), endingAt: start)
            start = Self.write(UInt64(month), width: 2, precededBy: UInt8(ascii: "-"), endingAt: start)
            start = DecimalDigits.write(UInt64(year), width: 4, endingAt: start)
            if quoted {
                start -= 1
                start[0] = UInt8(ascii: "\"")
            }
            append(UnsafeBufferPointer(start: start, count: end - start))
        }
        return true
    }

    /// Writes `value` with `width` digits just before `end`, and `separator` before them; returns where the
    /// separator is.
    @inline(__always)
    private static func write(
        _ value: UInt64, width: Int, precededBy separator: UInt8, endingAt end: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let start = DecimalDigits.write(value, width: width, endingAt: end) - 1
        start[0] = separator
        return start
    }
}
