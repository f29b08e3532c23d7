import Foundation

/// A gpsd `TPV` (time-position-velocity) report: one fix, or the lack of one, for one epoch.
///
/// Source of semantics: gpsd_json(5), "TPV". Every measured member is optional: gpsd omits a
/// member it does not know, and so `nil` is how an invalid or unknown value looks here. Only use
/// the position when ``mode`` ``GPSDFixMode/hasFix``. The `ep*` members are gpsd's error
/// estimates at about 95 % confidence (gpsd_json(5); see <doc:GPSDProtocolClient>), passed through unscaled.
/// A plain `Sendable` value.
public struct GPSDTPV: Sendable, Equatable {
    /// The device path that produced the report (`device`), if gpsd named it.
    public var device: String?
    /// The fix mode (`mode`); a missing mode reads as ``GPSDFixMode/unknown``.
    public var mode: GPSDFixMode
    /// gpsd's fix status (`status`): 0 unknown, 1 normal, 2 DGPS, 3 RTK fixed, 4 RTK float,
    /// 5 dead reckoning, 6 GNSS + dead reckoning, 7 time only, 8 simulated, 9 P(Y); `nil` if absent.
    public var status: Int?
    /// The UTC time of the fix (`time`), from ISO 8601 or the old numeric form; `nil` if absent.
    public var time: Date?
    /// The current GPS-UTC leap seconds (`leapseconds`), in seconds.
    public var leapSeconds: Int?
    /// Latitude (`lat`) in degrees, positive north, −90...90.
    public var latitude: Double?
    /// Longitude (`lon`) in degrees, positive east, −180...180.
    public var longitude: Double?
    /// Altitude above mean sea level (`altMSL`), in metres.
    public var altitudeMSL: Double?
    /// Altitude above the WGS 84 ellipsoid (`altHAE`), in metres.
    public var altitudeHAE: Double?
    /// The deprecated `alt` member, in metres: MSL altitude in gpsd 3.20 and later, undefined datum before.
    public var altitude: Double?
    /// Geoid separation (`geoidSep`): ellipsoid height minus MSL height, in metres.
    public var geoidSeparation: Double?
    /// Estimated horizontal position error (`eph`), in metres, about 95 % confidence.
    public var eph: Double?
    /// Estimated vertical error (`epv`), in metres, about 95 % confidence.
    public var epv: Double?
    /// Estimated longitude error (`epx`), in metres, about 95 % confidence.
    public var epx: Double?
    /// Estimated latitude error (`epy`), in metres, about 95 % confidence.
    public var epy: Double?
    /// Estimated time stamp error (`ept`), in seconds, about 95 % confidence.
    public var ept: Double?
    /// Speed over ground (`speed`), in metres per second.
    public var speed: Double?
    /// Estimated speed error (`eps`), in metres per second, about 95 % confidence.
    public var eps: Double?
    /// Course over ground (`track`), in degrees clockwise from true north, 0..<360.
    public var track: Double?
    /// Estimated course error (`epd`), in degrees, about 95 % confidence.
    public var epd: Double?
    /// Climb (positive) or sink (negative) rate (`climb`), in metres per second.
    public var climb: Double?
    /// Estimated climb error (`epc`), in metres per second, about 95 % confidence.
    public var epc: Double?
    /// Course over ground (`magtrack`), in degrees clockwise from magnetic north.
    public var magneticTrack: Double?
    /// Magnetic variation (`magvar`), in degrees, positive east.
    public var magneticVariation: Double?

    /// Creates a report with the given members; every measurement defaults to unknown (`nil`).
    public init(device: String? = nil, mode: GPSDFixMode = .unknown, status: Int? = nil, time: Date? = nil) {
        self.device = device
        self.mode = mode
        self.status = status
        self.time = time
    }
}

extension GPSDTPV {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        let modeNumber = try object.int("mode", in: 0...3) ?? 0
        self.init(
            device: try object.string("device"),
            mode: GPSDFixMode(rawValue: modeNumber) ?? .unknown,
            status: try object.int("status"),
            time: try object.date("time"))
        leapSeconds = try object.int("leapseconds")
        latitude = try object.double("lat", in: -90...90)
        longitude = try object.double("lon", in: -180...180)
        altitudeMSL = try object.double("altMSL")
        altitudeHAE = try object.double("altHAE")
        altitude = try object.double("alt")
        geoidSeparation = try object.double("geoidSep")
        eph = try object.double("eph")
        epv = try object.double("epv")
        epx = try object.double("epx")
        epy = try object.double("epy")
        ept = try object.double("ept")
        speed = try object.double("speed")
        eps = try object.double("eps")
        track = try object.double("track")
        epd = try object.double("epd")
        climb = try object.double("climb")
        epc = try object.double("epc")
        magneticTrack = try object.double("magtrack")
        magneticVariation = try object.double("magvar")
    }
}
