/// A circle on the ground: a centre and a radius, in which the device is inside or not.
///
/// Containment is decided by the geodesic distance on the WGS-84 ellipsoid, so circles across the
/// antimeridian or around a pole behave as drawn on a globe. Source: Apple's CoreLocation documentation.
open class CLCircularRegion: CLRegion, @unchecked Sendable {
    private let storedCenter: CLLocationCoordinate2D
    private let storedRadius: CLLocationDistance

    /// Creates a region with an empty identifier, the centre ``kCLLocationCoordinate2DInvalid`` and radius 0,
    /// which contains no coordinate.
    ///
    /// Reachable as `NSObject`'s `init()` is for Apple's class, so that test doubles can write
    /// `override init() { super.init() }` and override the properties.
    public override init() {
        storedCenter = kCLLocationCoordinate2DInvalid
        storedRadius = 0
        super.init(identifier: "")
    }

    /// Creates a circular region.
    ///
    /// - Parameters:
    ///   - center: The centre in degrees.
    ///   - radius: The radius in metres; Region monitoring clamps it to
    ///     `CLLocationManager.maximumRegionMonitoringDistance`.
    ///   - identifier: The region's name, unique among the app's monitored regions.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        storedCenter = center
        storedRadius = radius
        super.init(identifier: identifier)
    }

    /// The centre in degrees.
    open override var center: CLLocationCoordinate2D { storedCenter }

    /// The radius in metres.
    open override var radius: CLLocationDistance { storedRadius }

    /// Whether `coordinate` lies in the circle, boundary included (geodesic distance ≤ radius).
    ///
    /// An invalid coordinate is never contained.
    open override func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        guard CLLocationCoordinate2DIsValid(coordinate), CLLocationCoordinate2DIsValid(center) else { return false }
        let distance = Geodesic.inverse(
            latitude1: center.latitude, longitude1: center.longitude,
            latitude2: coordinate.latitude, longitude2: coordinate.longitude
        ).distance
        return distance <= radius
    }

    override func hasSameGeometry(as other: CLRegion) -> Bool {
        guard let other = other as? CLCircularRegion else { return false }
        return other.center.latitude == center.latitude && other.center.longitude == center.longitude
            && other.radius == radius
    }

    /// Encodes the identifier, flags, centre and radius.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(center.latitude, forKey: "centerLatitude")
        coder.encode(center.longitude, forKey: "centerLongitude")
        coder.encode(radius, forKey: "radius")
    }

    /// Decodes a region written by ``encode(with:)``; `nil` if a value is missing.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "radius") else { return nil }
        storedCenter = CLLocationCoordinate2D(
            latitude: coder.decodeDouble(forKey: "centerLatitude"),
            longitude: coder.decodeDouble(forKey: "centerLongitude"))
        storedRadius = coder.decodeDouble(forKey: "radius")
        super.init(coder: coder)
    }

    /// A one-line summary: `CLCircularRegion (identifier:'home', center:<+48.85840000,+2.29450000>, radius:100.00m)`.
    open override var description: String {
        "CLCircularRegion (identifier:'\(identifier)', "
            + String(format: "center:<%+.8f,%+.8f>, radius:%.2fm)", center.latitude, center.longitude, radius)
    }
}
