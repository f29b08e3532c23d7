import Foundation

/// A gpsd `SKY` report: dilutions of precision and the satellites in view.
///
/// Source of semantics: gpsd_json(5), "SKY". Dilutions of precision are dimensionless
/// multipliers of the user equivalent range error (UERE); `nil` means gpsd did not report them.
public struct GPSDSky: Sendable, Equatable {
    /// The device path (`device`), if gpsd named it.
    public var device: String?
    /// The time of the report (`time`), if present.
    public var time: Date?
    /// Geometric dilution of precision (`gdop`).
    public var gdop: Double?
    /// Horizontal dilution of precision (`hdop`).
    public var hdop: Double?
    /// Position (3D) dilution of precision (`pdop`).
    public var pdop: Double?
    /// Time dilution of precision (`tdop`).
    public var tdop: Double?
    /// Vertical dilution of precision (`vdop`).
    public var vdop: Double?
    /// Longitudinal (east–west) dilution of precision (`xdop`).
    public var xdop: Double?
    /// Latitudinal (north–south) dilution of precision (`ydop`).
    public var ydop: Double?
    /// The number of satellites in view (`nSat`), if gpsd reported it.
    public var visibleSatelliteCount: Int?
    /// The number of satellites used in the fix (`uSat`), if gpsd reported it.
    public var usedSatelliteCount: Int?
    /// The satellites (`satellites`); empty when absent.
    public var satellites: [GPSDSatellite]

    /// Creates a report with the given satellites; everything else unknown.
    public init(device: String? = nil, time: Date? = nil, satellites: [GPSDSatellite] = []) {
        self.device = device
        self.time = time
        self.satellites = satellites
    }
}

extension GPSDSky {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        var satellites: [GPSDSatellite] = []
        for element in try object.objects("satellites") {
            satellites.append(try GPSDSatellite(element))
        }
        self.init(device: try object.string("device"), time: try object.date("time"), satellites: satellites)
        gdop = try object.double("gdop")
        hdop = try object.double("hdop")
        pdop = try object.double("pdop")
        tdop = try object.double("tdop")
        vdop = try object.double("vdop")
        xdop = try object.double("xdop")
        ydop = try object.double("ydop")
        visibleSatelliteCount = try object.int("nSat")
        usedSatelliteCount = try object.int("uSat")
    }
}
