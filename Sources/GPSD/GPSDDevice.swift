import Foundation

/// A gpsd `DEVICE` object: one receiver gpsd knows, announced when it appears or disappears.
///
/// Source of semantics: gpsd_json(5), "DEVICE". gpsd sends a `DEVICE` with an `activated`
/// time when it opens a device, and one with `activated` absent or `0` when it closes it; the
/// object inside `DEVICES` lists the devices open at connection time. `nil` means not reported.
public struct GPSDDevice: Sendable, Equatable {
    /// The device path (`path`), for example `/dev/ttyUSB0`.
    public var path: String?
    /// When gpsd activated the device (`activated`); `nil` when the device is inactive.
    public var activated: Date?
    /// gpsd's driver name (`driver`), for example `NMEA0183`, once it has identified the device.
    public var driver: String?
    /// Version information reported by the device (`subtype`).
    public var subtype: String?
    /// Further version information (`subtype1`).
    public var subtype1: String?
    /// Serial line speed (`bps`), in bits per second.
    public var bitsPerSecond: Int?
    /// Serial parity (`parity`): `N`, `O` or `E`.
    public var parity: String?
    /// Serial stop bits (`stopbits`): 1 or 2.
    public var stopBits: Int?
    /// 0 when the device speaks NMEA, 1 in its native binary mode (`native`).
    public var native: Int?
    /// The device's reporting cycle (`cycle`), in seconds (1 for a 1 Hz receiver).
    public var cycle: Double?
    /// The shortest cycle the device supports (`mincycle`), in seconds.
    public var minimumCycle: Double?
    /// Bit vector of packet types seen (`flags`): 1 GPS, 2 RTCM2, 4 RTCM3, 8 AIS.
    public var flags: Int?

    /// `true` while gpsd has the device open (an `activated` time is present).
    public var isActive: Bool { activated != nil }

    /// Creates a device description.
    public init(path: String?, activated: Date? = nil, cycle: Double? = nil) {
        self.path = path
        self.activated = activated
        self.cycle = cycle
    }
}

extension GPSDDevice {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        // gpsd before 3.5 sent 0 (numeric) for a closing device and a float time otherwise.
        let activated: Date? =
            switch object.members["activated"] {
            case .number(0), .string("0"), .bool(false): nil
            default: try object.date("activated")
            }
        self.init(path: try object.string("path"), activated: activated, cycle: try object.double("cycle"))
        driver = try object.string("driver")
        subtype = try object.string("subtype")
        subtype1 = try object.string("subtype1")
        bitsPerSecond = try object.int("bps")
        parity = try object.string("parity")
        stopBits = try object.int("stopbits")
        native = try object.int("native")
        minimumCycle = try object.double("mincycle")
        flags = try object.int("flags")
    }
}
