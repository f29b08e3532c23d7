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

    /// Decodes a `GBS` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing (fewer than 5 fields) or malformed field.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        try sentence.requireFields(5, name: "failed satellite")
        time = try sentence.timeOfDay(1)
        latitudeError = try sentence.decimal(2, "latitude error", in: 0...1e9)
        longitudeError = try sentence.decimal(3, "longitude error", in: 0...1e9)
        altitudeError = try sentence.decimal(4, "altitude error", in: 0...1e9)
        failedSatellite = try sentence.integer(5, "failed satellite", in: 0...999)
    }
}
