import Foundation

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
enum Timestamps {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    static func iso8601(_ date: Date) -> String {
        style.format(date)
    }
}
