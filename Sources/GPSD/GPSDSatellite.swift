/// One satellite in a gpsd `SKY` report (an element of `satellites`).
///
/// Source of semantics: gpsd_json(5), "SKY", satellite object. `nil` means gpsd did not report
/// the member.
public struct GPSDSatellite: Sendable, Equatable {
    /// The PRN / satellite id in gpsd's numbering (`PRN`), always present.
    public var prn: Int
    /// Azimuth (`az`), in degrees clockwise from true north, 0..<360.
    public var azimuth: Double?
    /// Elevation (`el`), in degrees above the horizon, −90...90.
    public var elevation: Double?
    /// Signal-to-noise ratio (`ss`), in dB-Hz.
    public var signalStrength: Double?
    /// Whether the satellite was used in the current fix (`used`); `false` when absent.
    public var isUsed: Bool
    /// The GNSS id (`gnssid`): 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 4 IMES, 5 QZSS, 6 GLONASS, 7 NavIC.
    public var gnssID: Int?
    /// The satellite id within its GNSS (`svid`).
    public var svID: Int?
    /// The signal id (`sigid`), in u-blox numbering.
    public var signalID: Int?
    /// The GLONASS frequency id (`freqid`).
    public var frequencyID: Int?
    /// The health (`health`): 0 unknown, 1 healthy, 2 unhealthy.
    public var health: Int?

    /// Creates a satellite with the given PRN; everything else unknown.
    public init(prn: Int, isUsed: Bool = false) {
        self.prn = prn
        self.isUsed = isUsed
    }
}

extension GPSDSatellite {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        guard let prn = try object.int("PRN") else {
            throw GPSDDecodingError(className: object.className, reason: .missingField("PRN"))
        }
        self.init(prn: prn, isUsed: try object.bool("used") ?? false)
        azimuth = try object.double("az")
        elevation = try object.double("el")
        signalStrength = try object.double("ss")
        gnssID = try object.int("gnssid")
        svID = try object.int("svid")
        signalID = try object.int("sigid")
        frequencyID = try object.int("freqid")
        health = try object.int("health")
    }
}
