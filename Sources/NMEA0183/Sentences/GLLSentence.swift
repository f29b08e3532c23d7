/// `GLL`: geographic position, latitude and longitude, with time and status.
///
/// Fields (NMEA 0183 v4.11): 1–2 latitude, 3–4 longitude, 5 time, 6 status (`A`/`V`),
/// 7 mode indicator (NMEA 2.3+). NMEA 1.5 receivers stop after field 4.
public struct GLLSentence: Sendable, Hashable {
    /// Latitude in degrees, north positive.
    public var latitude: Double?
    /// Longitude in degrees, east positive.
    public var longitude: Double?
    /// UTC time of the position.
    public var time: NMEATimeOfDay?
    /// `true` for status `A`, unless the mode indicator is `N` (no fix) or `S` (simulator).
    public var isValid: Bool
    /// The mode indicator as a quality.
    public var mode: NMEAFixQuality?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `GLL` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 4 fields or a malformed position, time or status; a malformed
    ///   mode indicator is read as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(4, name: "longitude hemisphere")
        latitude = try sentence.latitude(1)
        longitude = try sentence.longitude(3)
        time = try sentence.timeOfDay(5)
        let status = try sentence.letter(6, "status", allowed: "AV")
        var optional = NMEAOptionalFields(sentence)
        mode = optional.modeIndicator(7)
        ignoredFields = optional.ignored
        isValid = status == UInt8(ascii: "A") && mode?.isFix != false  // not N, nor S: simulator output
    }
}
