import Foundation

/// One position fix assembled from all sentences of one epoch (one time of day).
///
/// Units: degrees (WGS 84), metres, m/s, degrees clockwise from true north. Optional values are nil
/// when no sentence of the epoch carried them; a reported 0 stays 0. See ``NMEAEpochAssembler`` for
/// how the fields are chosen.
public struct NMEAFix: Sendable, Hashable {
    /// The UTC time of day of the epoch.
    public var timeOfDay: NMEATimeOfDay
    /// The UTC date (after the rollover rule); nil until an RMC or ZDA has given one.
    public var date: NMEADate?
    /// The UTC instant of the fix; nil when the date is unknown (use ``timeOfDay``).
    public var timestamp: Date?
    /// Latitude in degrees, north positive, −90...90.
    public var latitude: Double
    /// Longitude in degrees, east positive, −180...180.
    public var longitude: Double
    /// Altitude above mean sea level (the geoid), metres (GGA/GNS).
    public var altitudeMSL: Double?
    /// Height of the geoid above the WGS 84 ellipsoid, metres (GGA field 11, GNS field 10).
    public var geoidSeparation: Double?
    /// Speed over ground, m/s, ≥ 0 (RMC/VTG).
    public var speed: Double?
    /// Course over ground, degrees clockwise from true north, 0...360 (RMC/VTG).
    public var course: Double?
    /// Magnetic variation, degrees, east positive (RMC).
    public var magneticVariation: Double?
    /// Estimated horizontal accuracy, metres (1σ radius), > 0: GST √(σlat²+σlon²), else HDOP × UERE; `nil` when
    /// the epoch had neither, or only zeros (a receiver without a DOP sends HDOP 0: no fix is exact).
    public var horizontalAccuracy: Double?
    /// Estimated vertical accuracy, metres (1σ), > 0: GST σalt, else VDOP × UERE; `nil` when unknown or 0.
    public var verticalAccuracy: Double?
    /// Where the accuracy estimates come from.
    public var accuracySource: NMEAAccuracySource?
    /// The fix quality (GGA quality, or the RMC/GLL/GNS mode letter).
    public var quality: NMEAFixQuality
    /// 2D or 3D.
    public var mode: NMEAFixMode
    /// Satellites used in the solution (GGA/GNS, else the GSA lists).
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Vertical dilution of precision (GSA).
    public var vdop: Double?
    /// Position dilution of precision (GSA).
    public var pdop: Double?
    /// The talker of the sentence that supplied the position (`GP`, `GN`, `IN`, ...).
    public var talker: String
    /// The 1-based input line of the epoch's first sentence.
    public var line: Int

    /// Altitude above the WGS 84 ellipsoid, metres: ``altitudeMSL`` + ``geoidSeparation``; nil unless both are known.
    public var ellipsoidalAltitude: Double? {
        guard let altitudeMSL, let geoidSeparation else { return nil }
        return altitudeMSL + geoidSeparation
    }
}

/// Whether a fix is two- or three-dimensional.
public enum NMEAFixMode: Int, Sendable, Hashable {
    /// Latitude and longitude only (GSA mode 2, or no altitude).
    case twoDimensional = 2
    /// Latitude, longitude and altitude (GSA mode 3, or GGA/GNS altitude without a GSA).
    case threeDimensional = 3
}

/// The origin of a fix's accuracy estimates.
public enum NMEAAccuracySource: Sendable, Hashable {
    /// The receiver's `GST` standard deviations for the same epoch.
    case gst
    /// Dilution of precision times ``NMEADecoderOptions/userEquivalentRangeError``.
    case dilutionOfPrecision
}
