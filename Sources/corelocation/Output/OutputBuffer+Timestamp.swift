import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension OutputBuffer {
    /// Appends `date` as ISO 8601 in UTC with milliseconds, `2026-05-14T08:30:01.000Z`, or `null` when it has
    /// no such text: not finite, or outside the years 0000–9999 that the format's four digits hold.
    ///
    /// The time is rounded to the nearest millisecond first: a receiver's `19.600` held as a binary fraction
    /// just below it must print as `19.600`, not be truncated to `19.599` as a formatter would.
    mutating func appendTimestamp(_ date: Date) {
        if !appendTimestampIfRepresentable(date) { append("null") }
    }

    /// Appends `date` as a JSON string of its ISO 8601 text, or JSON's `null` (unquoted) when it has none.
    mutating func appendJSONTimestamp(_ date: Date) {
        append(UInt8(ascii: "\""))
        if !appendTimestampIfRepresentable(date) {
            removeLast(1)
            append("null")
            return
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends the ISO 8601 text of `date`; appends nothing and returns `false` when it has none.
    private mutating func appendTimestampIfRepresentable(_ date: Date) -> Bool {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        // 10¹⁴ s is about three million years: beyond year 9999, and within what `time_t` and `tm` hold.
        guard milliseconds.isFinite, milliseconds.magnitude < 1e17 else { return false }
        let total = Int64(milliseconds)
        var seconds = time_t(total >= 0 ? total / 1000 : (total - 999) / 1000)
        let fraction = total - Int64(seconds) * 1000
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return false }
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else { return false }
        append(UInt64(year), width: 4)
        append(UInt8(ascii: "-"))
        append(UInt64(parts.tm_mon + 1), width: 2)
        append(UInt8(ascii: "-"))
        append(UInt64(parts.tm_mday), width: 2)
        append(UInt8(ascii: "T"))
        append(UInt64(parts.tm_hour), width: 2)
        append(UInt8(ascii: ":"))
        append(UInt64(parts.tm_min), width: 2)
        append(UInt8(ascii: ":"))
        append(UInt64(parts.tm_sec), width: 2)
        append(UInt8(ascii: "."))
        append(UInt64(fraction), width: 3)
        append(UInt8(ascii: "Z"))
        return true
    }
}
