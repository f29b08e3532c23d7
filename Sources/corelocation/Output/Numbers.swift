import Foundation
import LinuxCoreLocation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Number and time text that does not depend on the locale.
enum Numbers {
    /// Decimals written for each kind of value in JSON Lines, CSV and `--format-string` output (Docs/CLI.md).
    enum Precision {
        /// Latitude and longitude: 8 decimals of a degree, 1.1 mm or less on the ground.
        static let coordinate = 8
        /// Altitudes in metres: millimetres, as gpsd reports them.
        static let altitude = 3
        /// Speed in m/s: millimetres per second, as gpsd reports it.
        static let speed = 3
        /// Course and heading in degrees: a thousandth of a degree.
        static let angle = 3
        /// Magnetic field components in µT: nanotesla.
        static let field = 3
        /// Accuracies (m, m/s, degrees): an error estimate means nothing below its second decimal.
        static let accuracy = 2
    }

    /// The shortest text of `value` rounded to `decimals` decimals: at least one decimal (`-1.0` stays `-1.0`),
    /// no trailing zeros beyond it, no negative zero; `null` if not finite.
    ///
    /// `170.60000000000002` with 3 decimals is `170.6`; `45.7578300` with 8 is `45.75783`.
    static func decimal(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text += "0" }
        } else {
            text += ".0"
        }
        return text == "-0.0" ? "0.0" : text
    }

    /// A latitude or longitude with ``Precision/coordinate`` decimals at most.
    static func coordinate(_ degrees: Double) -> String { decimal(degrees, Precision.coordinate) }

    /// The numbers of a location as JSON Lines members, in their order: latitude, longitude, altitude,
    /// ellipsoidal altitude, horizontal and vertical accuracy, speed, speed accuracy, course, course accuracy.
    static func location(_ location: CLLocation) -> [(key: String, value: String)] {
        [
            ("latitude", coordinate(location.coordinate.latitude)),
            ("longitude", coordinate(location.coordinate.longitude)),
            ("altitude", decimal(location.altitude, Precision.altitude)),
            ("ellipsoidalAltitude", decimal(location.ellipsoidalAltitude, Precision.altitude)),
            ("horizontalAccuracy", decimal(location.horizontalAccuracy, Precision.accuracy)),
            ("verticalAccuracy", decimal(location.verticalAccuracy, Precision.accuracy)),
            ("speed", decimal(location.speed, Precision.speed)),
            ("speedAccuracy", decimal(location.speedAccuracy, Precision.accuracy)),
            ("course", decimal(location.course, Precision.angle)),
            ("courseAccuracy", decimal(location.courseAccuracy, Precision.accuracy)),
        ]
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
