import LocationSupport

/// A postal address: street, city, state, postal code and country.
///
/// **Linux only**: a minimal stand-in for the Contacts framework's `CNPostalAddress`, which Linux lacks, so
/// that ``CLPlacemark/postalAddress`` and ``CLPlacemark/init(location:name:postalAddress:)`` keep Apple's types
/// and property names. Only the address values exist (no labels, no formatter). Every property is an empty
/// string when unknown, as in Contacts. Immutable; ``CNMutablePostalAddress`` is the variant with setters.
/// Thread-safe. Source: Apple's Contacts documentation (`CNPostalAddress`).
open class CNPostalAddress: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The address values, in one place so that the mutable subclass can change them under the lock.
    struct Values: Equatable {
        var street = ""
        var subLocality = ""
        var city = ""
        var subAdministrativeArea = ""
        var state = ""
        var postalCode = ""
        var country = ""
        var isoCountryCode = ""
    }

    let values: Locked<Values>

    /// Creates an empty address: every property is an empty string.
    public override init() {
        values = Locked(Values())
        super.init()
    }

    init(values: Values) {
        self.values = Locked(values)
        super.init()
    }

    /// The street, with the house number where the country writes one (`1 Infinite Loop`).
    open var street: String { values.withLock { $0.street } }
    /// The district or neighbourhood within the city.
    open var subLocality: String { values.withLock { $0.subLocality } }
    /// The city.
    open var city: String { values.withLock { $0.city } }
    /// The county or other subdivision of the state.
    open var subAdministrativeArea: String { values.withLock { $0.subAdministrativeArea } }
    /// The state or province.
    open var state: String { values.withLock { $0.state } }
    /// The postal code.
    open var postalCode: String { values.withLock { $0.postalCode } }
    /// The country's name.
    open var country: String { values.withLock { $0.country } }
    /// The ISO 3166-1 alpha-2 country code, such as `FR`.
    open var isoCountryCode: String { values.withLock { $0.isoCountryCode } }

    /// Whether `object` is a postal address with the same values.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNPostalAddress else { return false }
        return other.values.withLock { $0 } == values.withLock { $0 }
    }

    /// A hash of the street, city and postal code.
    open override var hash: Int { values.withLock { Hasher.hash($0.street, $0.city, $0.postalCode) } }

    /// An immutable address with the same values.
    open func copy(with zone: NSZone? = nil) -> Any {
        CNPostalAddress(values: values.withLock { $0 })
    }

    /// A ``CNMutablePostalAddress`` with the same values.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        CNMutablePostalAddress(values: values.withLock { $0 })
    }
}
