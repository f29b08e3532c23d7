/// `RMC`: recommended minimum specific GNSS data — time, date, status, position, speed, course.
///
/// Fields (NMEA 0183 v4.11): 1 time, 2 status (`A` valid, `V` warning), 3–4 latitude,
/// 5–6 longitude, 7 speed over ground (knots), 8 course over ground (degrees true), 9 date `ddmmyy`,
/// 10–11 magnetic variation, 12 mode indicator (NMEA 2.3+), 13 navigational status (4.1+).
public struct RMCSentence: Sendable, Hashable {
    /// UTC time of the fix.
    public var time: NMEATimeOfDay?
    /// `true` for status `A`, `false` for `V` or an `N` (no fix) or `S` (simulator) mode
    /// indicator.
    public var isValid: Bool
    /// Latitude in degrees, north positive.
    public var latitude: Double?
    /// Longitude in degrees, east positive.
    public var longitude: Double?
    /// Speed over ground in m/s (converted from knots); nil when empty, 0 stays 0.
    public var speed: Double?
    /// Course over ground in degrees clockwise from true north, 0..<360; nil when empty.
    public var course: Double?
    /// The date as sent (two-digit year pivot 80), before the rollover rule.
    public var date: NMEADate?
    /// Magnetic variation in degrees, east positive; nil when either of its fields is empty or malformed.
    public var magneticVariation: Double?
    /// The NMEA 2.3 mode indicator as a quality (`A` autonomous, `D` differential, `N` no fix, ...).
    public var mode: NMEAFixQuality?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes an `RMC` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 9 fields or a malformed time, status or position; other
    ///   malformed fields (speed, course, date, variation, mode) are read as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(9, name: "date")
        time = try sentence.timeOfDay(1)
        let status = try sentence.letter(2, "status", allowed: "AV")
        latitude = try sentence.latitude(3)
        longitude = try sentence.longitude(5)
        var optional = NMEAOptionalFields(sentence)
        speed = optional.decimal(7, "speed", in: 0...99_999).map { $0 * NMEA0183.metresPerSecondPerKnot }
        course = optional.decimal(8, "course", in: 0...360)
        date = optional.twoDigitYearDate(9)
        magneticVariation = optional.signedAngle(
            10, "magnetic variation", directionName: "magnetic variation direction")
        mode = optional.modeIndicator(12)
        ignoredFields = optional.ignored
        isValid = status == UInt8(ascii: "A") && mode?.isFix != false  // not N, nor S: simulator output
    }
}
