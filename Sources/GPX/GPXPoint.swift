import Foundation

/// One GPX point: a waypoint (`<wpt>`), route point (`<rtept>`) or track point (`<trkpt>`).
///
/// Coordinates are WGS 84 as the GPX schema requires. Every value other than the position is
/// optional; `nil` means the file did not carry it (or carried an empty element). Values are
/// taken as written, except: a negative speed or course is read as `nil` (unknown, the way
/// Apple's CoreLocation marks invalid values with negatives), and a time equal to the 32-bit
/// `time_t` minimum `1901-12-13T20:45:52Z` is read as `nil` (see ``GPXReadSummary/sentinelTimes``).
///
/// A plain value type: `Sendable`, safe to pass between threads.
public struct GPXPoint: Sendable, Hashable {
    /// Latitude in degrees, -90...90, positive north (`lat` attribute).
    public var latitude: Double
    /// Longitude in degrees, -180...180, positive east (`lon` attribute).
    public var longitude: Double
    /// Elevation in metres above mean sea level (`<ele>`); `nil` when absent or empty.
    public var elevation: Double?
    /// The instant of the fix (`<time>`), always an absolute instant; times written without a
    /// zone designator are taken as UTC.
    ///
    /// `nil` when absent or the 1901 sentinel.
    public var time: Date?
    /// Ground speed in metres per second, ≥ 0: GPX 1.0 `<speed>`, else Garmin TrackPointExtension
    /// v2 `speed`, else OsmAnd `speed`.
    public var speed: Double?
    /// Course over ground in degrees clockwise from true north, 0..<360: GPX 1.0 `<course>`, else
    /// Garmin TrackPointExtension v2 `course`, else OsmAnd `heading`.
    public var course: Double?
    /// Horizontal dilution of precision (`<hdop>`), dimensionless, ≥ 0.
    public var hdop: Double?
    /// Vertical dilution of precision (`<vdop>`), dimensionless, ≥ 0.
    public var vdop: Double?
    /// Position dilution of precision (`<pdop>`), dimensionless, ≥ 0.
    public var pdop: Double?
    /// The fix type (`<fix>`).
    public var fix: GPXFix?
    /// Number of satellites used for the fix (`<sat>`), ≥ 0.
    public var satellites: Int?
    /// Horizontal accuracy radius in metres, ≥ 0, from this module's `lcl:hacc` extension.
    public var horizontalAccuracy: Double?
    /// Vertical accuracy in metres, ≥ 0, from this module's `lcl:vacc` extension.
    public var verticalAccuracy: Double?
    /// The point's name (`<name>`), for example a waypoint label.
    public var name: String?

    /// Creates a point; every value beyond the position defaults to `nil` (unknown).
    ///
    /// No validation happens here; ``GPXTrackWriter/append(_:)`` validates what it writes.
    public init(
        latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil,
        speed: Double? = nil, course: Double? = nil, hdop: Double? = nil, vdop: Double? = nil,
        pdop: Double? = nil, fix: GPXFix? = nil, satellites: Int? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, name: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.speed = speed
        self.course = course
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
        self.fix = fix
        self.satellites = satellites
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.name = name
    }
}
