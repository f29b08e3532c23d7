import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Number and time text that does not depend on the locale.
enum Numbers {
    /// A coordinate with 9 decimals (about 0.1 mm).
    static func coordinate(_ degrees: Double) -> String {
        degrees.isFinite ? String(format: "%.9f", degrees) : "null"
    }

    /// The shortest text that reads back as the same `Double` (`-1.0` stays `-1.0`); `null` if not finite.
    static func plain(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    /// A value with a fixed number of decimals, for people.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}

/// ISO 8601 timestamps in UTC with milliseconds: `2026-05-14T08:30:01.000Z`.
///
/// The time is rounded to the nearest millisecond first: a receiver's `19.600` held as a binary fraction just
/// below it must print as `19.600`, not be truncated to `19.599` as a formatter would.
enum Timestamps {
    static func iso8601(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e17 else { return "null" }
        let total = Int64(milliseconds)
        var seconds = time_t(total >= 0 ? total / 1000 : (total - 999) / 1000)
        let fraction = Int(total - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), fraction)
    }
}
