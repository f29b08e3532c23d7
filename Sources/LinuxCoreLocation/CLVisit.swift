/// A stay at one place: where, how precisely, and when it began and ended.
///
/// An arrival not yet ended has ``departureDate`` `Date.distantFuture`; a visit whose arrival was not seen has
/// ``arrivalDate`` `Date.distantPast`. Immutable. Source: Apple's CoreLocation documentation (`CLVisit`).
open class CLVisit: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let arrival: Date
    private let departure: Date
    private let centre: CLLocationCoordinate2D
    private let accuracy: CLLocationAccuracy

    /// Creates an empty visit: arrival `Date.distantPast`, departure `Date.distantFuture`, the coordinate
    /// ``kCLLocationCoordinate2DInvalid`` and horizontal accuracy −1 (invalid).
    ///
    /// Apple's `CLVisit` declares no initializer, so `init()` comes from `NSObject`; test doubles subclass it
    /// with `override init() { super.init() }` and override the properties.
    public override init() {
        arrival = .distantPast
        departure = .distantFuture
        centre = kCLLocationCoordinate2DInvalid
        accuracy = -1
        super.init()
    }

    /// Creates a visit.
    ///
    /// **Linux only**: on Apple's platforms only the system creates visits.
    ///
    /// - Parameters:
    ///   - arrivalDate: When the stay began; `Date.distantPast` if not seen.
    ///   - departureDate: When it ended; `Date.distantFuture` while it goes on.
    ///   - coordinate: The centre of the stay, in degrees.
    ///   - horizontalAccuracy: Radius of uncertainty of `coordinate` in metres.
    public init(
        arrivalDate: Date, departureDate: Date, coordinate: CLLocationCoordinate2D,
        horizontalAccuracy: CLLocationAccuracy
    ) {
        arrival = arrivalDate
        departure = departureDate
        centre = coordinate
        accuracy = horizontalAccuracy
        super.init()
    }

    /// When the stay began; `Date.distantPast` if not seen.
    open var arrivalDate: Date { arrival }
    /// When the stay ended; `Date.distantFuture` while it goes on.
    open var departureDate: Date { departure }
    /// The centre of the stay, in degrees.
    open var coordinate: CLLocationCoordinate2D { centre }
    /// Radius of uncertainty of ``coordinate`` in metres.
    open var horizontalAccuracy: CLLocationAccuracy { accuracy }

    /// `true`: visits support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes every value.
    open func encode(with coder: NSCoder) {
        coder.encode(arrival.timeIntervalSinceReferenceDate, forKey: "arrival")
        coder.encode(departure.timeIntervalSinceReferenceDate, forKey: "departure")
        coder.encode(centre.latitude, forKey: "latitude")
        coder.encode(centre.longitude, forKey: "longitude")
        coder.encode(accuracy, forKey: "accuracy")
    }

    /// Decodes a visit written by ``encode(with:)``; `nil` if a value is missing.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "departure") else { return nil }
        arrival = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "arrival"))
        departure = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "departure"))
        centre = CLLocationCoordinate2D(
            latitude: coder.decodeDouble(forKey: "latitude"), longitude: coder.decodeDouble(forKey: "longitude"))
        accuracy = coder.decodeDouble(forKey: "accuracy")
        super.init()
    }

    /// Returns the receiver: visits are immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
