/// A user-friendly description of a place: its name, address parts and surroundings.
///
/// Only the properties exist on Linux: no geocoding service is configured, so `CLGeocoder` reports
/// `CLError.geocodeFoundNoResult` and produces no placemark. Source: Apple's CoreLocation documentation.
open class CLPlacemark: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private static let textKeys = [
        "name", "thoroughfare", "subThoroughfare", "locality", "subLocality", "administrativeArea",
        "subAdministrativeArea", "postalCode", "isoCountryCode", "country", "inlandWater", "ocean",
    ]

    private let texts: [String: String]
    private let storedAreasOfInterest: [String]?
    private let storedLocation: CLLocation?
    private let storedRegion: CLRegion?
    private let storedTimeZone: TimeZone?

    /// Creates a placemark with the values of another.
    public init(placemark: CLPlacemark) {
        texts = placemark.texts
        storedAreasOfInterest = placemark.storedAreasOfInterest
        storedLocation = placemark.storedLocation
        storedRegion = placemark.storedRegion
        storedTimeZone = placemark.storedTimeZone
        super.init()
    }

    /// The location of the place.
    open var location: CLLocation? { storedLocation }
    /// The name of the place.
    open var name: String? { texts["name"] }
    /// The street.
    open var thoroughfare: String? { texts["thoroughfare"] }
    /// The house number or other street-level detail.
    open var subThoroughfare: String? { texts["subThoroughfare"] }
    /// The city.
    open var locality: String? { texts["locality"] }
    /// The neighbourhood or district.
    open var subLocality: String? { texts["subLocality"] }
    /// The state or province.
    open var administrativeArea: String? { texts["administrativeArea"] }
    /// The county or other subdivision of the state.
    open var subAdministrativeArea: String? { texts["subAdministrativeArea"] }
    /// The postal code.
    open var postalCode: String? { texts["postalCode"] }
    /// The ISO 3166-1 alpha-2 country code.
    open var isoCountryCode: String? { texts["isoCountryCode"] }
    /// The country's name.
    open var country: String? { texts["country"] }
    /// The lake, river or other inland water the place is on.
    open var inlandWater: String? { texts["inlandWater"] }
    /// The ocean the place is on.
    open var ocean: String? { texts["ocean"] }
    /// Points of interest at the place.
    open var areasOfInterest: [String]? { storedAreasOfInterest }
    /// The area around the place.
    open var region: CLRegion? { storedRegion }
    /// The time zone of the place.
    open var timeZone: TimeZone? { storedTimeZone }

    /// `true`: placemarks support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes every property that has a value.
    open func encode(with coder: NSCoder) {
        for (key, value) in texts { coder.encode(value, forKey: key) }
        coder.encode(storedAreasOfInterest, forKey: "areasOfInterest")
        coder.encode(storedLocation, forKey: "location")
        coder.encode(storedRegion, forKey: "region")
        coder.encode(storedTimeZone?.identifier, forKey: "timeZone")
    }

    /// Decodes a placemark written by ``encode(with:)``.
    public required init?(coder: NSCoder) {
        var texts: [String: String] = [:]
        for key in Self.textKeys {
            texts[key] = coder.decodeObject(of: NSString.self, forKey: key).map { $0 as String }
        }
        self.texts = texts
        storedAreasOfInterest =
            coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "areasOfInterest")
            as? [String]
        storedLocation = coder.decodeObject(of: CLLocation.self, forKey: "location")
        storedRegion = coder.decodeObject(of: [CLRegion.self, CLCircularRegion.self], forKey: "region") as? CLRegion
        storedTimeZone = coder.decodeObject(of: NSString.self, forKey: "timeZone").flatMap {
            TimeZone(identifier: $0 as String)
        }
        super.init()
    }

    /// Returns the receiver: placemarks are immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
