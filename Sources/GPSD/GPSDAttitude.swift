import Foundation

/// A gpsd `ATT` report: vehicle attitude from a compass, a dual-antenna receiver or an IMU.
///
/// Source of semantics: gpsd_json(5), "ATT". The `*_st` status members are single letters from
/// the sensor (for a TNT compass: C calibration alarm, L low alarm, M low warning, N normal,
/// O high warning, P high alarm, V magnetometer voltage level alarm). `nil` means not reported.
public struct GPSDAttitude: Sendable, Equatable {
    /// The device path (`device`), if gpsd named it.
    public var device: String?
    /// The time of the measurement (`time`).
    public var time: Date?
    /// Heading (`heading`), in degrees clockwise from true north, 0..<360.
    public var heading: Double?
    /// Magnetometer status (`mag_st`).
    public var magneticStatus: String?
    /// Heading (`mheading`), in degrees clockwise from magnetic north.
    public var magneticHeading: Double?
    /// Pitch (`pitch`), in degrees, nose up positive.
    public var pitch: Double?
    /// Pitch sensor status (`pitch_st`).
    public var pitchStatus: String?
    /// Roll (`roll`), in degrees, right side down positive.
    public var roll: Double?
    /// Roll sensor status (`roll_st`).
    public var rollStatus: String?
    /// Yaw (`yaw`), in degrees.
    public var yaw: Double?
    /// Yaw sensor status (`yaw_st`).
    public var yawStatus: String?
    /// Magnetic dip (`dip`), in degrees.
    public var dip: Double?
    /// Sensor temperature (`temp`), in degrees Celsius.
    public var temperature: Double?

    /// Creates an attitude with every member unknown.
    public init(device: String? = nil, time: Date? = nil) {
        self.device = device
        self.time = time
    }
}

extension GPSDAttitude {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        self.init(device: try object.string("device"), time: try object.date("time"))
        heading = try object.double("heading")
        magneticStatus = try object.string("mag_st")
        magneticHeading = try object.double("mheading")
        pitch = try object.double("pitch")
        pitchStatus = try object.string("pitch_st")
        roll = try object.double("roll")
        rollStatus = try object.string("roll_st")
        yaw = try object.double("yaw")
        yawStatus = try object.string("yaw_st")
        dip = try object.double("dip")
        temperature = try object.double("temp")
    }
}
