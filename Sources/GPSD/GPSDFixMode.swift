/// The NMEA-style fix mode of a gpsd `TPV` report (member `mode`).
///
/// Source of semantics: gpsd_json(5), TPV: "0=unknown, 1=no fix, 2=2D, 3=3D". Modes 0 and 1
/// both mean that the report carries no usable position.
public enum GPSDFixMode: Int, Sendable, Equatable, CaseIterable {
    /// gpsd has not yet seen enough data to know (mode 0).
    case unknown = 0
    /// The receiver reports that it has no fix (mode 1).
    case noFix = 1
    /// A two-dimensional fix: latitude and longitude, no usable altitude (mode 2).
    case twoDimensional = 2
    /// A three-dimensional fix: latitude, longitude and altitude (mode 3).
    case threeDimensional = 3

    /// `true` for 2D and 3D fixes, the only modes whose position may be used.
    public var hasFix: Bool { self == .twoDimensional || self == .threeDimensional }
}
