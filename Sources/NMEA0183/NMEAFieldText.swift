import Foundation

/// The text of the fields ``NMEAEncoder`` writes: fixed decimals computed in integers (no locale, no exponent, no
/// `-0`), positions as degrees and minutes, and the `*hh` framing.
enum NMEAFieldText {
    /// `value` with exactly `decimals` decimals, rounded half away from zero; empty for `nil`.
    static func decimal(_ value: Double?, _ decimals: Int) -> String {
        guard let value, value.isFinite else { return "" }
        let scale = Int64(pow(10, Double(decimals)))
        let units = Int64((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && units != 0 ? "-" : ""
        return sign + integerAndFraction(units, scale: scale, decimals: decimals)
    }

    /// The four position fields: `ddmm.mmmmmm`, `N`/`S`, `dddmm.mmmmmm`, `E`/`W`.
    static func position(latitude: Double, longitude: Double) -> [String] {
        [
            angle(abs(latitude), degreeDigits: 2), latitude < 0 ? "S" : "N",
            angle(abs(longitude), degreeDigits: 3), longitude < 0 ? "W" : "E",
        ]
    }

    /// A heading's degrees with 2 decimals, 360 written as 0; `nil` when unknown (negative or not finite).
    static func heading(_ degrees: Double) -> String? {
        guard degrees.isFinite, degrees >= 0 else { return nil }
        let hundredths = Int64((degrees * 100).rounded()) % 36_000
        return integerAndFraction(hundredths, scale: 100, decimals: 2)
    }

    /// `value` in decimal with at least `width` digits (`08`).
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `$`, `body`, `*`, the XOR of `body`'s bytes in two upper-case hexadecimal digits, CR LF.
    static func framed(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        return "$" + body + "*" + hexDigits(checksum) + "\r\n"
    }

    /// Degrees (`0...180`) as whole degrees in `degreeDigits` digits and minutes with 6 decimals; a rounding that
    /// reaches 60 minutes carries into the degrees.
    private static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        let microMinutesPerDegree: Int64 = 60_000_000
        let total = Int64((degrees * Double(microMinutesPerDegree)).rounded())
        let minutes = total % microMinutesPerDegree
        return padded(Int(total / microMinutesPerDegree), width: degreeDigits)
            + padded(Int(minutes / 1_000_000), width: 2) + "." + padded(Int(minutes % 1_000_000), width: 6)
    }

    private static func integerAndFraction(_ units: Int64, scale: Int64, decimals: Int) -> String {
        guard decimals > 0 else { return String(units) }
        return String(units / scale) + "." + padded(Int(units % scale), width: decimals)
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

/// A fix's instant as NMEA writes it: `hhmmss.sss` and RMC's `ddmmyy`, from one count of milliseconds so that a
/// rounding up to midnight also moves the date.
struct NMEAEncodedTime {
    let timeOfDay: String
    let date: String

    init(_ instant: Date) {
        let milliseconds = Int64((instant.timeIntervalSince1970 * 1000).rounded())
        let (days, inDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let seconds = inDay / 1000
        timeOfDay =
            NMEAFieldText.padded(Int(seconds / 3600), width: 2) + NMEAFieldText.padded(Int(seconds / 60 % 60), width: 2)
            + NMEAFieldText.padded(Int(seconds % 60), width: 2) + "."
            + NMEAFieldText.padded(Int(inDay % 1000), width: 3)
        let civil = NMEADate(daysSince1970: Int(days))
        date =
            NMEAFieldText.padded(civil.day, width: 2) + NMEAFieldText.padded(civil.month, width: 2)
            + NMEAFieldText.padded(civil.year % 100, width: 2)
    }
}
