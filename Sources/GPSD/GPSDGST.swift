import Foundation

/// A gpsd `GST` report: the receiver's pseudorange noise statistics (from NMEA GST or binary).
///
/// Source of semantics: gpsd_json(5), "GST", and NMEA 0183 GST. The deviations are one-sigma
/// (about 68 %) standard deviations in metres as the receiver states them, unlike the ~95 %
/// `ep*` members of ``GPSDTPV``. `nil` means not reported.
public struct GPSDGST: Sendable, Equatable {
    /// The device path (`device`), if gpsd named it.
    public var device: String?
    /// The time of the statistics (`time`).
    public var time: Date?
    /// RMS of the standard deviations of the range inputs (`rms`), in metres.
    public var rms: Double?
    /// Standard deviation of the semi-major axis of the error ellipse (`major`), in metres.
    public var semiMajorDeviation: Double?
    /// Standard deviation of the semi-minor axis of the error ellipse (`minor`), in metres.
    public var semiMinorDeviation: Double?
    /// Orientation of the semi-major axis (`orient`), in degrees clockwise from true north.
    public var orientation: Double?
    /// Standard deviation of latitude error (`lat`), in metres.
    public var latitudeDeviation: Double?
    /// Standard deviation of longitude error (`lon`), in metres.
    public var longitudeDeviation: Double?
    /// Standard deviation of altitude error (`alt`), in metres.
    public var altitudeDeviation: Double?

    /// Creates statistics with every member unknown.
    public init(device: String? = nil, time: Date? = nil) {
        self.device = device
        self.time = time
    }
}

extension GPSDGST {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        self.init(device: try object.string("device"), time: try object.date("time"))
        rms = try object.double("rms")
        semiMajorDeviation = try object.double("major")
        semiMinorDeviation = try object.double("minor")
        orientation = try object.double("orient")
        latitudeDeviation = try object.double("lat")
        longitudeDeviation = try object.double("lon")
        altitudeDeviation = try object.double("alt")
    }
}
