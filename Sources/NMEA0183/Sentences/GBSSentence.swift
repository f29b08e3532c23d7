/// `GBS`: GNSS satellite fault detection (RAIM) — expected position errors and the suspect satellite.
///
/// Fields (NMEA 0183 v4.11): 1 time, 2 expected latitude error, 3 longitude error, 4 altitude error
/// (metres), 5 id of the most likely failed satellite, 6 probability of missed detection,
/// 7 estimated bias (metres), 8 standard deviation of the bias, 9 system id and 10 signal id (4.1+).
public struct GBSSentence: Sendable, Hashable {
    /// UTC time of the associated fix.
    public var time: NMEATimeOfDay?
    /// Expected 1σ latitude error, metres.
    public var latitudeError: Double?
    /// Expected 1σ longitude error, metres.
    public var longitudeError: Double?
    /// Expected 1σ altitude error, metres.
    public var altitudeError: Double?
    /// Id of the most likely failed satellite.
    public var failedSatellite: Int?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `GBS` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 5 fields or a malformed time; other malformed fields are read
    ///   as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(5, name: "failed satellite")
        time = try sentence.timeOfDay(1)
        var optional = NMEAOptionalFields(sentence)
        latitudeError = optional.decimal(2, "latitude error", in: 0...1e9)
        longitudeError = optional.decimal(3, "longitude error", in: 0...1e9)
        altitudeError = optional.decimal(4, "altitude error", in: 0...1e9)
        failedSatellite = optional.integer(5, "failed satellite", in: 0...999)
        ignoredFields = optional.ignored
    }
}
