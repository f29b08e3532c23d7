/// A fix: a coordinate with altitude, speed, course, their accuracies, and the time it was measured.
///
/// Immutable and thread-safe. A negative accuracy marks the value it qualifies as invalid, as on Apple's
/// platforms: `horizontalAccuracy < 0` means the coordinate is invalid, `verticalAccuracy < 0` the altitude,
/// `speed < 0` or `speedAccuracy < 0` the speed, `course < 0` or `courseAccuracy < 0` the course.
/// Equality and hashing are `NSObject`'s (identity), as on Apple's platforms.
/// Source: Apple's CoreLocation documentation (`CLLocation`).
open class CLLocation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    let storage: Storage

    init(storage: Storage) {
        self.storage = storage
        super.init()
    }

    /// Creates a location at (0, 0) with zero horizontal accuracy and invalid altitude, speed and course,
    /// stamped now.
    ///
    /// Designated, as `NSObject`'s `init()` is for Apple's `CLLocation`, so that test doubles can write
    /// `override init() { super.init() }` and override the properties.
    public override init() {
        storage = Storage(coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0), timestamp: Date())
        super.init()
    }

    /// Creates a location from a latitude and longitude in degrees, stamped now.
    ///
    /// As on Apple's platforms: altitude 0 with vertical accuracy −1 (invalid), horizontal accuracy 0,
    /// and speed, course and their accuracies −1 (invalid). Every initializer of the class is designated, as
    /// Swift imports Apple's header (which marks none), so a subclass's own initializer can call this one.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        storage = Storage(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), timestamp: Date())
        super.init()
    }

    /// Creates a location with altitude and accuracies; speed, course and their accuracies are −1 (invalid).
    ///
    /// The values have the units and ranges of the properties of the same names: degrees, metres above mean sea
    /// level, and accuracies in metres where a negative value marks the value as invalid.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
        timestamp: Date
    ) {
        storage = Storage(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            timestamp: timestamp)
        super.init()
    }

    /// Creates a location with course and speed; their accuracies are −1 (unknown).
    ///
    /// The course is in degrees clockwise from true north (0…<360) and the speed in metres per second;
    /// a negative value of either marks it as invalid.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
        course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        storage = Storage(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, speed: speed, timestamp: timestamp)
        super.init()
    }

    /// Creates a location with course and speed and their accuracies.
    ///
    /// The course accuracy is in degrees and the speed accuracy in metres per second; a negative accuracy marks
    /// the value it qualifies as invalid.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
        course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed,
        speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date
    ) {
        storage = Storage(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy,
            timestamp: timestamp)
        super.init()
    }

    /// Creates a location with every value Apple's initializers take, including where it came from.
    ///
    /// The ellipsoidal altitude equals `altitude`, since no geoid separation is known; providers that know it
    /// use
    /// ``init(coordinate:altitude:ellipsoidalAltitude:horizontalAccuracy:verticalAccuracy:course:courseAccuracy:speed:speedAccuracy:timestamp:floor:sourceInfo:)``.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy,
        course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed,
        speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date, sourceInfo: CLLocationSourceInformation?
    ) {
        storage = Storage(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
            speedAccuracy: speedAccuracy, timestamp: timestamp, sourceInformation: sourceInfo)
        super.init()
    }

    /// Creates a location with its ellipsoidal altitude and floor.
    ///
    /// **Linux only**: Apple's SDK has no public initializer for these; location providers use it.
    ///
    /// - Parameters:
    ///   - coordinate: Degrees on WGS-84.
    ///   - altitude: Metres above mean sea level.
    ///   - ellipsoidalAltitude: Metres above the WGS-84 ellipsoid (MSL altitude plus geoid separation).
    ///   - horizontalAccuracy: Radius of uncertainty of `coordinate` in metres; negative = invalid.
    ///   - verticalAccuracy: Uncertainty of both altitudes in metres; negative = invalid.
    ///   - course: Degrees clockwise from true north, 0…<360; negative = invalid.
    ///   - courseAccuracy: Degrees; negative = the course is invalid.
    ///   - speed: Metres per second; negative = invalid.
    ///   - speedAccuracy: Metres per second; negative = the speed is invalid.
    ///   - timestamp: When the fix was measured.
    ///   - floor: The floor of a building, or `nil`.
    ///   - sourceInfo: Whether the fix was simulated or came from an accessory, or `nil`.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        ellipsoidalAltitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection,
        courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed,
        speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date, floor: CLFloor? = nil,
        sourceInfo: CLLocationSourceInformation? = nil
    ) {
        storage = Storage(
            coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: ellipsoidalAltitude,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, course: course,
            courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy, timestamp: timestamp,
            floor: floor, sourceInformation: sourceInfo)
        super.init()
    }

    /// The coordinate in degrees (WGS-84); meaningful only when ``horizontalAccuracy`` ≥ 0.
    open var coordinate: CLLocationCoordinate2D { storage.coordinate }
    /// Altitude above mean sea level in metres; meaningful only when ``verticalAccuracy`` > 0.
    open var altitude: CLLocationDistance { storage.altitude }
    /// Altitude above the WGS-84 ellipsoid in metres; meaningful only when ``verticalAccuracy`` > 0.
    open var ellipsoidalAltitude: CLLocationDistance { storage.ellipsoidalAltitude }
    /// Radius of uncertainty of the coordinate in metres; negative = the coordinate is invalid.
    open var horizontalAccuracy: CLLocationAccuracy { storage.horizontalAccuracy }
    /// Uncertainty of the altitude in metres; negative = the altitude is invalid.
    open var verticalAccuracy: CLLocationAccuracy { storage.verticalAccuracy }
    /// Direction of travel in degrees clockwise from true north, 0…<360; negative = invalid.
    open var course: CLLocationDirection { storage.course }
    /// Uncertainty of ``course`` in degrees; negative = the course is invalid.
    open var courseAccuracy: CLLocationDirectionAccuracy { storage.courseAccuracy }
    /// Speed over ground in metres per second; negative = invalid.
    open var speed: CLLocationSpeed { storage.speed }
    /// Uncertainty of ``speed`` in metres per second; negative = the speed is invalid.
    open var speedAccuracy: CLLocationSpeedAccuracy { storage.speedAccuracy }
    /// When the fix was measured (for replays on a virtual clock, the recording's own time).
    open var timestamp: Date { storage.timestamp }
    /// The floor of a building, when known; `nil` otherwise (always, for the providers Linux has today).
    open var floor: CLFloor? { storage.floor }
    /// Whether the fix was simulated or came from an accessory; `nil` when not known.
    open var sourceInformation: CLLocationSourceInformation? { storage.sourceInformation }

    /// Returns the receiver: locations are immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// `true`: locations decode only with the expected classes (`NSSecureCoding`).
    public static var supportsSecureCoding: Bool { true }

    /// Encodes every value of the location with a keyed coder, for example `NSKeyedArchiver`.
    open func encode(with coder: NSCoder) {
        storage.encode(with: coder)
    }

    /// Decodes a location written by ``encode(with:)``; `nil` when the coder is not keyed or a value is missing.
    public required init?(coder: NSCoder) {
        guard let storage = Storage(coder: coder) else { return nil }
        self.storage = storage
        super.init()
    }

    /// A one-line summary in Apple's format:
    /// `<+48.85840000,+2.29450000> +/- 5.00m (speed 1.00 mps / course 90.00) @ 11/30/26, 6:32:57 AM Coordinated
    /// Universal Time`.
    ///
    /// The date is written in the `en_US_POSIX` locale and the current time zone, with the zone's full name,
    /// as iOS writes it for a US English device.
    open override var description: String {
        String(
            format: "<%+.8f,%+.8f> +/- %.2fm (speed %.2f mps / course %.2f) @ ",
            coordinate.latitude, coordinate.longitude, horizontalAccuracy, speed, course)
            + descriptionDate
    }

    /// The distance in metres to another location along the geodesic on the WGS-84 ellipsoid.
    ///
    /// Computed with Karney's algorithm (J. Geodesy 87, 2013): accurate to well under a millimetre for any
    /// pair of points, including antipodal ones, the poles and across the antimeridian. Altitude is ignored,
    /// as on Apple's platforms.
    open func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesic.inverse(
            latitude1: coordinate.latitude, longitude1: coordinate.longitude,
            latitude2: location.coordinate.latitude, longitude2: location.coordinate.longitude
        ).distance
    }

    private var descriptionDate: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "M/d/yy, h:mm:ss a zzzz"
        return formatter.string(from: timestamp)
    }
}
