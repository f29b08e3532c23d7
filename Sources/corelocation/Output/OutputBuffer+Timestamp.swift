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
        // The calendar on integers (UTCTimestampText), written in place with its quotes (issue 30: gmtime_r's lock and
        // fourteen appends per fix before).
        let quote = UInt8(ascii: "\"")
        return write(atMost: UTCTimestampText.length + 2) { cursor in
            if quoted { cursor.put(quote) }
            let written = cursor.put(exactly: UTCTimestampText.length) {
                UTCTimestampText.write(milliseconds: Int64(milliseconds), endingAt: $0) != nil
            }
            guard written else {
                cursor.truncate(to: 0)
                return false
            }
            if quoted { cursor.put(quote) }
            return true
        }
    }
}
