import LinuxCoreLocation

/// Number text that does not depend on the locale, for the places that want a `String`; the encoders append
/// the same text to an ``OutputBuffer``.
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
        /// Dilutions of precision (HDOP, VDOP, PDOP): receivers report one or two decimals.
        static let dilution = 2
    }

    /// A count and its noun, singular for one: `1 fix`, `3 fixes`, `1 region event` (`plural` when the noun does
    /// not take an `s`).
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
    }

    /// The shortest text of `value` rounded to `decimals` decimals: at least one decimal (`-1.0` stays `-1.0`),
    /// no trailing zeros beyond it, no negative zero; `null` if not finite
    /// (``OutputBuffer/appendDecimal(_:_:after:)``).
    ///
    /// `170.60000000000002` with 3 decimals is `170.6`; `45.7578300` with 8 is `45.75783`.
    static func decimal(_ value: Double, _ decimals: Int) -> String {
        text { $0.appendDecimal(value, decimals) }
    }

    /// A value with a fixed number of decimals, for people: `printf("%.*f")` (``OutputBuffer/appendFixed(_:_:)``).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        text { $0.appendFixed(value, decimals) }
    }

    private static func text(_ build: (inout OutputBuffer) -> Void) -> String {
        var buffer = OutputBuffer(capacity: 32)
        build(&buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}
