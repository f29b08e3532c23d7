/// A UTC time as `YYYY-MM-DDThh:mm:ss.mmmZ` (ISO 8601, milliseconds), written on integers with ``CivilDate``.
///
/// The one writer of the text GPX's `<time>` and the tool's outputs share: no `Calendar`, `DateFormatter` or
/// `gmtime_r` (whose time-zone lock cost one turn per fix, issue 30), so thread-safe and exact; the proleptic
/// Gregorian calendar, as GPX and ISO 8601 count days.
public enum UTCTimestampText {
    /// The length of the text: 24 bytes.
    @inlinable public static var length: Int { 24 }

    /// Writes the text of `milliseconds` since 1970-01-01T00:00:00Z so that it ends just before `end`, and returns
    /// where it starts; writes nothing and returns `nil` when the year is outside 0000–9999.
    ///
    /// - Parameters:
    ///   - milliseconds: The instant; any `Int64`.
    ///   - end: The byte after the text; the ``length`` bytes before it must be writable.
    /// - Returns: The text's first byte, or `nil`.
    @inlinable
    public static func write(milliseconds: Int64, endingAt end: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>?
    {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let (days, secondOfDay) = CivilDate.dayAndSecond(of: seconds)
        guard days.magnitude < 1 << 40 else { return nil }  // far beyond year 9999; keeps the day count an `Int`
        let (year, month, day) = CivilDate.date(daysSince1970: Int(days))
        guard (0...9999).contains(year) else { return nil }
        var start = end - 1
        start[0] = UInt8(ascii: "Z")
        start = field(milliseconds - seconds * 1000, 3, after: ".", endingAt: start)
        start = field(Int64(secondOfDay % 60), 2, after: ":", endingAt: start)
        start = field(Int64(secondOfDay / 60 % 60), 2, after: ":", endingAt: start)
        start = field(Int64(secondOfDay / 3600), 2, after: "T", endingAt: start)
        start = field(Int64(day), 2, after: "-", endingAt: start)
        start = field(Int64(month), 2, after: "-", endingAt: start)
        return DecimalDigits.write(UInt64(year), width: 4, endingAt: start)
    }

    /// Writes `value` with `width` digits before `end`, and `separator` before them; returns the separator's place.
    @inlinable @inline(__always)
    static func field(
        _ value: Int64, _ width: Int, after separator: Unicode.Scalar, endingAt end: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let start = DecimalDigits.write(UInt64(value), width: width, endingAt: end) - 1
        start[0] = UInt8(ascii: separator)
        return start
    }
}
