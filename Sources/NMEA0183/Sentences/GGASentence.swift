/// `GGA`: Global Positioning System fix data — time, position, quality, satellites, HDOP, altitude.
///
/// Fields (NMEA 0183 v4.11): 1 time, 2–3 latitude, 4–5 longitude, 6 quality, 7 satellites used,
/// 8 HDOP, 9–10 altitude above mean sea level (metres), 11–12 geoid separation (metres),
/// 13 age of differential data (seconds), 14 differential station id. Empty fields become nil.
public struct GGASentence: Sendable, Hashable {
    /// UTC time of the fix.
    public var time: NMEATimeOfDay?
    /// Latitude in degrees, north positive, −90...90.
    public var latitude: Double?
    /// Longitude in degrees, east positive, −180...180.
    public var longitude: Double?
    /// The fix quality; nil when the field is empty (treated as no fix).
    public var quality: NMEAFixQuality?
    /// Satellites used in the fix.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision (dimensionless, ≥ 0).
    public var hdop: Double?
    /// Altitude above mean sea level (the geoid), metres.
    public var altitudeMSL: Double?
    /// Geoid separation: height of the geoid above the WGS 84 ellipsoid, metres.
    public var geoidSeparation: Double?
    /// Age of the differential corrections, seconds.
    public var differentialAge: Double?
    /// Differential reference station id (text; receivers differ).
    public var differentialStation: String?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `GGA` sentence (any talker).
    /// - Throws: ``NMEAFieldError`` for fewer than 9 fields or a malformed time, position or quality; other
    ///   malformed fields are read as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(9, name: "altitude")
        time = try sentence.timeOfDay(1)
        latitude = try sentence.latitude(2)
        longitude = try sentence.longitude(4)
        quality = try sentence.integer(6, "quality", in: 0...8).flatMap(NMEAFixQuality.init(rawValue:))
        var optional = NMEAOptionalFields(sentence)
        satellitesUsed = optional.integer(7, "satellites used", in: 0...999)
        hdop = optional.decimal(8, "HDOP", in: 0...9999)
        altitudeMSL = optional.decimal(9, "altitude")
        geoidSeparation = optional.decimal(11, "geoid separation")
        differentialAge = optional.decimal(13, "differential age", in: 0...999_999)
        ignoredFields = optional.ignored
        differentialStation = sentence.isEmptyField(14) ? nil : sentence.field(14)
    }
}
