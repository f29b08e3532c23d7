/// `GNS`: GNSS fix data — the multi-constellation successor of GGA.
///
/// Fields (NMEA 0183 v4.11): 1 time, 2–3 latitude, 4–5 longitude, 6 mode indicator per
/// constellation (`AAN...`), 7 satellites used, 8 HDOP, 9 altitude MSL (metres), 10 geoid separation
/// (metres), 11 differential age, 12 station id, 13 navigational status (4.1+).
public struct GNSSentence: Sendable, Hashable {
    /// UTC time of the fix.
    public var time: NMEATimeOfDay?
    /// Latitude in degrees, north positive.
    public var latitude: Double?
    /// Longitude in degrees, east positive.
    public var longitude: Double?
    /// The best quality among the constellations' mode letters; `invalid` when all are `N`.
    public var quality: NMEAFixQuality?
    /// Satellites used in the fix.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Altitude above mean sea level, metres.
    public var altitudeMSL: Double?
    /// Geoid separation, metres.
    public var geoidSeparation: Double?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `GNS` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 10 fields or a malformed time, position or mode; other
    ///   malformed fields are read as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(10, name: "geoid separation")
        time = try sentence.timeOfDay(1)
        latitude = try sentence.latitude(2)
        longitude = try sentence.longitude(4)
        // The best quality among the constellations' letters: the first that is a fix, else the first.
        let modes = sentence.withField(6) { letters -> (first: NMEAFixQuality?, fix: NMEAFixQuality?)? in
            var first: NMEAFixQuality?
            var fix: NMEAFixQuality?
            for letter in letters {
                guard let quality = NMEAFixQuality(modeLetter: letter) else { return nil }
                first = first ?? quality
                if fix == nil, quality.isFix { fix = quality }
            }
            return (first, fix)
        }
        guard let modes else {
            throw sentence.malformed(6, "mode", expected: "mode letters A, D, E, F, M, N, P, R, S")
        }
        quality = modes.fix ?? modes.first
        var optional = NMEAOptionalFields(sentence)
        satellitesUsed = optional.integer(7, "satellites used", in: 0...999)
        hdop = optional.decimal(8, "HDOP", in: 0...9999)
        altitudeMSL = optional.decimal(9, "altitude")
        geoidSeparation = optional.decimal(10, "geoid separation")
        ignoredFields = optional.ignored
    }
}
