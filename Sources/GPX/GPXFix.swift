/// The kind of fix a GPX `<fix>` element reports.
///
/// Values follow the `fixType` simple type of the GPX 1.1 schema (also used by GPX 1.0):
/// `none`, `2d`, `3d`, `dgps`, `pps`. A `none` fix means the receiver had no fix, which
/// differs from a missing `<fix>` element (unknown). Any other text is not a fix and is
/// reported by the reader as a warning, leaving ``GPXPoint/fix`` `nil`.
public enum GPXFix: String, Sendable, Hashable, CaseIterable {
    /// The receiver reported no fix (`none`).
    case none = "none"
    /// A two-dimensional fix: latitude and longitude only (`2d`).
    case twoDimensional = "2d"
    /// A three-dimensional fix: latitude, longitude and altitude (`3d`).
    case threeDimensional = "3d"
    /// A differential GPS fix (`dgps`).
    case differential = "dgps"
    /// A military precise-positioning-service fix (`pps`).
    case precisePositioning = "pps"
}
