/// A user-friendly description of a place: its name, address parts and surroundings.
///
/// ``CLGeocoder`` makes placemarks from its backend's answers (see the "Geocoding" article); apps make them
/// with ``init(location:name:postalAddress:)``, and test doubles subclass the class with
/// `override init() { super.init() }` and override the properties, as on Apple's platforms. Immutable and
/// thread-safe. Source: Apple's CoreLocation documentation (`CLPlacemark`).
open class CLPlacemark: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The keys of the text properties, which are also their coding keys.
    enum Key: String, CaseIterable {
        case name, thoroughfare, subThoroughfare, locality, subLocality, administrativeArea, subAdministrativeArea
        case postalCode, isoCountryCode, country, inlandWater, ocean
    }

    private let texts: [Key: String]
    private let storedAreasOfInterest: [String]?
    private let storedLocation: CLLocation?
    private let storedRegion: CLRegion?
    private let storedTimeZone: TimeZone?

    /// Creates an empty placemark: every property is `nil`.
    ///
    /// Designated, as `NSObject`'s `init()` is for Apple's `CLPlacemark`, so that test doubles can write
    /// `override init() { super.init() }`.
    public override init() {
        texts = [:]
        storedAreasOfInterest = nil
        storedLocation = nil
        storedRegion = nil
        storedTimeZone = nil
        super.init()
    }

    /// Creates a placemark with the values of another.
    public init(placemark: CLPlacemark) {
        texts = placemark.texts
        storedAreasOfInterest = placemark.storedAreasOfInterest
        storedLocation = placemark.storedLocation
        storedRegion = placemark.storedRegion
        storedTimeZone = placemark.storedTimeZone
        super.init()
    }

    /// Creates a placemark from its parts; empty texts count as absent.
    init(
        location: CLLocation?, texts: [Key: String], areasOfInterest: [String]? = nil, region: CLRegion? = nil,
        timeZone: TimeZone? = nil
    ) {
        self.texts = texts.filter { !$0.value.isEmpty }
        storedAreasOfInterest = areasOfInterest
        storedLocation = location
        storedRegion = region
        storedTimeZone = timeZone
        super.init()
    }

    /// Creates a placemark at a location with a name and a postal address, as apps do to show a place they
    /// know.
    ///
    /// The address parts fill the matching properties: `street` → ``thoroughfare``, `city` → ``locality``,
    /// `state` → ``administrativeArea``, and ``subLocality``, ``subAdministrativeArea``, ``postalCode``,
    /// ``country`` and ``isoCountryCode`` by name; empty parts stay `nil`. ``postalAddress`` gives the address
    /// back. Source: Apple's CoreLocation documentation (`init(location:name:postalAddress:)`).
    ///
    /// - Parameters:
    ///   - location: Where the place is.
    ///   - name: The place's name, or `nil`.
    ///   - postalAddress: The place's address, or `nil`.
    public convenience init(location: CLLocation, name: String?, postalAddress: CNPostalAddress?) {
        var texts: [Key: String] = [:]
        texts[.name] = name
        if let address = postalAddress {
            texts[.thoroughfare] = address.street
            texts[.locality] = address.city
            texts[.administrativeArea] = address.state
            texts[.subLocality] = address.subLocality
            texts[.subAdministrativeArea] = address.subAdministrativeArea
            texts[.postalCode] = address.postalCode
            texts[.country] = address.country
            texts[.isoCountryCode] = address.isoCountryCode
        }
        self.init(location: location, texts: texts)
    }

    /// The location of the place.
    open var location: CLLocation? { storedLocation }
    /// The name of the place.
    open var name: String? { texts[.name] }
    /// The street.
    open var thoroughfare: String? { texts[.thoroughfare] }
    /// The house number or other street-level detail.
    open var subThoroughfare: String? { texts[.subThoroughfare] }
    /// The city.
    open var locality: String? { texts[.locality] }
    /// The neighbourhood or district.
    open var subLocality: String? { texts[.subLocality] }
    /// The state or province.
    open var administrativeArea: String? { texts[.administrativeArea] }
    /// The county or other subdivision of the state.
    open var subAdministrativeArea: String? { texts[.subAdministrativeArea] }
    /// The postal code.
    open var postalCode: String? { texts[.postalCode] }
    /// The ISO 3166-1 alpha-2 country code.
    open var isoCountryCode: String? { texts[.isoCountryCode] }
    /// The country's name.
    open var country: String? { texts[.country] }
    /// The lake, river or other inland water the place is on.
    open var inlandWater: String? { texts[.inlandWater] }
    /// The ocean the place is on.
    open var ocean: String? { texts[.ocean] }
    /// Points of interest at the place.
    open var areasOfInterest: [String]? { storedAreasOfInterest }
    /// The area around the place.
    open var region: CLRegion? { storedRegion }
    /// The time zone of the place.
    open var timeZone: TimeZone? { storedTimeZone }

    /// The address of the place as a postal address, or `nil` when no address part is known.
    ///
    /// Built from the properties: the street is ``subThoroughfare`` and ``thoroughfare`` joined by a space,
    /// the city ``locality``, the state ``administrativeArea``, and the other parts by name; unknown parts are
    /// empty strings. The type is the Linux stand-in ``CNPostalAddress``. Source: Apple's CoreLocation
    /// documentation (`postalAddress`).
    open var postalAddress: CNPostalAddress? {
        let street = [subThoroughfare, thoroughfare].compactMap { $0 }.joined(separator: " ")
        let values = CNPostalAddress.Values(
            street: street, subLocality: subLocality ?? "", city: locality ?? "",
            subAdministrativeArea: subAdministrativeArea ?? "", state: administrativeArea ?? "",
            postalCode: postalCode ?? "", country: country ?? "", isoCountryCode: isoCountryCode ?? "")
        return values == CNPostalAddress.Values() ? nil : CNPostalAddress(values: values)
    }

    /// `true`: placemarks support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes every property that has a value.
    open func encode(with coder: NSCoder) {
        for (key, value) in texts { coder.encode(value, forKey: key.rawValue) }
        coder.encode(storedAreasOfInterest, forKey: "areasOfInterest")
        coder.encode(storedLocation, forKey: "location")
        coder.encode(storedRegion, forKey: "region")
        coder.encode(storedTimeZone?.identifier, forKey: "timeZone")
    }

    /// Decodes a placemark written by ``encode(with:)``.
    public required init?(coder: NSCoder) {
        var texts: [Key: String] = [:]
        for key in Key.allCases {
            texts[key] = coder.decodeObject(of: NSString.self, forKey: key.rawValue).map { $0 as String }
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
