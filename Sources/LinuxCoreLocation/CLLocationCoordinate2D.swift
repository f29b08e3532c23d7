/// A geographic coordinate on the WGS-84 datum, in degrees.
///
/// A plain value like Apple's C struct: it is not `Equatable`, so code that adds that conformance itself,
/// as many iOS apps do, still compiles. Source: Apple's CoreLocation documentation.
public struct CLLocationCoordinate2D: Sendable {
    /// The latitude in degrees, positive north; valid in −90…90.
    public var latitude: CLLocationDegrees

    /// The longitude in degrees, positive east; valid in −180…180.
    public var longitude: CLLocationDegrees

    /// Creates the coordinate (0, 0).
    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    /// Creates a coordinate from a latitude and a longitude in degrees.
    ///
    /// No validation is done;
    /// use ``CLLocationCoordinate2DIsValid(_:)``.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns whether a coordinate is valid: both parts finite, latitude in −90…90 and longitude in −180…180
/// (both inclusive).
///
/// Source: Apple's CoreLocation documentation.
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    coord.latitude.isFinite && coord.longitude.isFinite
        && (-90...90).contains(coord.latitude) && (-180...180).contains(coord.longitude)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Makes a coordinate from a latitude and a longitude in degrees, as Apple's C function does.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
