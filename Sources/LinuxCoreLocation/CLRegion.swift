import LocationSupport

/// An area that can be monitored, named by an identifier; the base of ``CLCircularRegion`` and
/// ``CLBeaconRegion``.
///
/// Two regions are equal when they are of the same class with the same identifier and the same geometry;
/// the hash is the identifier's, so regions work in a `Set`. ``notifyOnEntry`` and ``notifyOnExit`` may be
/// changed from any thread. Source: Apple's CoreLocation documentation (`CLRegion`).
open class CLRegion: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let storedIdentifier: String
    private let notifications: Locked<(entry: Bool, exit: Bool)>
    /// The circle of a region made with the deprecated ``init(circularRegionWithCenter:radius:identifier:)``.
    private let circle: (center: CLLocationCoordinate2D, radius: CLLocationDistance)?

    /// Creates a region with an empty identifier that notifies on entry and exit.
    ///
    /// Reachable as `NSObject`'s `init()` is for Apple's `CLRegion`, so that test doubles can write
    /// `override init() { super.init() }` and override ``identifier``. Monitoring accepts only circular regions.
    public override init() {
        storedIdentifier = ""
        notifications = Locked((true, true))
        circle = nil
        super.init()
    }

    init(identifier: String, notifyOnEntry: Bool = true, notifyOnExit: Bool = true) {
        storedIdentifier = identifier
        notifications = Locked((notifyOnEntry, notifyOnExit))
        circle = nil
        super.init()
    }

    /// Creates a circular region as iOS 4 did (deprecated by Apple in iOS 7 in favour of
    /// ``CLCircularRegion/init(center:radius:identifier:)``).
    ///
    /// Monitoring it monitors the same circle: the app's set then holds a ``CLCircularRegion`` with this
    /// region's identifier, centre, radius and notification flags, and events carry that region.
    ///
    /// - Parameters:
    ///   - center: The centre in degrees.
    ///   - radius: The radius in metres.
    ///   - identifier: The region's name, unique among the app's monitored regions.
    public init(circularRegionWithCenter center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String)
    {
        storedIdentifier = identifier
        notifications = Locked((true, true))
        circle = (center, radius)
        super.init()
    }

    /// The centre in degrees of a region made with ``init(circularRegionWithCenter:radius:identifier:)``;
    /// ``kCLLocationCoordinate2DInvalid`` for others (deprecated by Apple in iOS 7, still in the SDK).
    open var center: CLLocationCoordinate2D { circle?.center ?? kCLLocationCoordinate2DInvalid }

    /// The radius in metres of a region made with ``init(circularRegionWithCenter:radius:identifier:)``; 0 for
    /// others (deprecated by Apple in iOS 7, still in the SDK).
    open var radius: CLLocationDistance { circle?.radius ?? 0 }

    /// Whether `coordinate` lies in the circle of a region made with
    /// ``init(circularRegionWithCenter:radius:identifier:)`` (geodesic distance ≤ radius); `false` for others
    /// and for an invalid coordinate (deprecated by Apple in iOS 7, still in the SDK).
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        guard circle != nil, CLLocationCoordinate2DIsValid(coordinate), CLLocationCoordinate2DIsValid(center)
        else { return false }
        return geodesicDistance(center, coordinate) <= radius
    }

    /// The region as a ``CLCircularRegion`` with the same identifier, circle and flags, when it has a circle.
    var asCircularRegion: CLCircularRegion? {
        if let circular = self as? CLCircularRegion { return circular }
        guard let circle else { return nil }
        let circular = CLCircularRegion(center: circle.center, radius: circle.radius, identifier: identifier)
        (circular.notifyOnEntry, circular.notifyOnExit) = (notifyOnEntry, notifyOnExit)
        return circular
    }

    /// The name that identifies the region to the app; a new region with the same identifier replaces
    /// the monitored one.
    open var identifier: String { storedIdentifier }

    /// Whether entering the region is reported.
    ///
    /// Default `true`.
    open var notifyOnEntry: Bool {
        get { notifications.withLock { $0.entry } }
        set { notifications.withLock { $0.entry = newValue } }
    }

    /// Whether leaving the region is reported.
    ///
    /// Default `true`.
    open var notifyOnExit: Bool {
        get { notifications.withLock { $0.exit } }
        set { notifications.withLock { $0.exit = newValue } }
    }

    /// Whether `other` has the same class, identifier and geometry.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLRegion, type(of: other) == type(of: self) else { return false }
        return other.identifier == identifier && hasSameGeometry(as: other)
    }

    /// The identifier's hash, stable while the region is in a set.
    open override var hash: Int { identifier.hashValue }

    /// Whether `other`, of the receiver's own class, covers the same area; subclasses with geometry override it.
    func hasSameGeometry(as other: CLRegion) -> Bool {
        other.circle?.center.latitude == circle?.center.latitude
            && other.circle?.center.longitude == circle?.center.longitude && other.circle?.radius == circle?.radius
    }

    /// `true`: regions support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the identifier and notification flags; subclasses add their geometry.
    open func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(notifyOnEntry, forKey: "notifyOnEntry")
        coder.encode(notifyOnExit, forKey: "notifyOnExit")
        if let circle {
            coder.encode(circle.center.latitude, forKey: "centerLatitude")
            coder.encode(circle.center.longitude, forKey: "centerLongitude")
            coder.encode(circle.radius, forKey: "radius")
        }
    }

    /// Decodes a region written by ``encode(with:)``; `nil` if the identifier is missing.
    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier") else { return nil }
        storedIdentifier = identifier as String
        notifications = Locked((coder.decodeBool(forKey: "notifyOnEntry"), coder.decodeBool(forKey: "notifyOnExit")))
        circle =
            coder.containsValue(forKey: "radius")
            ? (
                CLLocationCoordinate2D(
                    latitude: coder.decodeDouble(forKey: "centerLatitude"),
                    longitude: coder.decodeDouble(forKey: "centerLongitude")),
                coder.decodeDouble(forKey: "radius")
            ) : nil
        super.init()
    }

    /// Returns an equal region with its own notification flags, by a round trip through a keyed archive.
    open func copy(with zone: NSZone? = nil) -> Any {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(self, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        return unarchiver?.decodeObject(of: [type(of: self)], forKey: NSKeyedArchiveRootObjectKey) ?? self
    }
}
