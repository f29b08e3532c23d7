/// A postal address whose values can be set.
///
/// **Linux only**: a minimal stand-in for the Contacts framework's `CNMutablePostalAddress`; see
/// ``CNPostalAddress``. Thread-safe. Source: Apple's Contacts documentation (`CNMutablePostalAddress`).
open class CNMutablePostalAddress: CNPostalAddress, @unchecked Sendable {
    /// The street, with the house number where the country writes one.
    open override var street: String {
        get { values.withLock { $0.street } }
        set { values.withLock { $0.street = newValue } }
    }
    /// The district or neighbourhood within the city.
    open override var subLocality: String {
        get { values.withLock { $0.subLocality } }
        set { values.withLock { $0.subLocality = newValue } }
    }
    /// The city.
    open override var city: String {
        get { values.withLock { $0.city } }
        set { values.withLock { $0.city = newValue } }
    }
    /// The county or other subdivision of the state.
    open override var subAdministrativeArea: String {
        get { values.withLock { $0.subAdministrativeArea } }
        set { values.withLock { $0.subAdministrativeArea = newValue } }
    }
    /// The state or province.
    open override var state: String {
        get { values.withLock { $0.state } }
        set { values.withLock { $0.state = newValue } }
    }
    /// The postal code.
    open override var postalCode: String {
        get { values.withLock { $0.postalCode } }
        set { values.withLock { $0.postalCode = newValue } }
    }
    /// The country's name.
    open override var country: String {
        get { values.withLock { $0.country } }
        set { values.withLock { $0.country = newValue } }
    }
    /// The ISO 3166-1 alpha-2 country code, such as `FR`.
    open override var isoCountryCode: String {
        get { values.withLock { $0.isoCountryCode } }
        set { values.withLock { $0.isoCountryCode = newValue } }
    }
}
