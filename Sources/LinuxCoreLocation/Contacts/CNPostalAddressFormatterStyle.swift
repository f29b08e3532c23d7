/// How ``CNPostalAddressFormatter`` lays out an address.
///
/// **Linux only**: a stand-in for the Contacts framework's type, with Apple's case and raw value. Source:
/// Apple's Contacts documentation (`CNPostalAddressFormatterStyle`).
public enum CNPostalAddressFormatterStyle: Int, Sendable {
    /// The lines of an envelope: street, then the city line, then the country. Raw value 0.
    case mailingAddress = 0
}
