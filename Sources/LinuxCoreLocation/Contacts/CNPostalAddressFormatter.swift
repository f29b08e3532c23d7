import Foundation

/// Formats a ``CNPostalAddress`` as the lines of an envelope.
///
/// **Linux only**: a minimal stand-in for the Contacts framework's formatter, which Linux lacks, so that code
/// pairing ``CLPlacemark/postalAddress`` with `CNPostalAddressFormatter.string(from:style:)` compiles and
/// prints a readable address. Contacts follows each country's postal conventions; this stand-in knows two
/// layouts, chosen by ``CNPostalAddress/isoCountryCode``:
/// - postal code before the city (`75007 Paris`) for most of continental Europe and Latin America;
/// - otherwise city, state and postal code on one line (`Cupertino CA 95014`), as in the United States.
///
/// The street comes first (its own lines kept), the country last; empty values leave no empty lines or double
/// spaces; an empty address gives an empty string. Thread-safe for its class method; an instance is as safe as
/// Foundation's `Formatter`. Source: Apple's Contacts documentation (`CNPostalAddressFormatter`).
open class CNPostalAddressFormatter: Formatter, @unchecked Sendable {
    /// ISO 3166 codes of countries that write the postal code before the city.
    private static let codeFirst: Set<String> = [
        "AR", "AT", "BE", "BR", "CH", "CL", "CZ", "DE", "DK", "ES", "FI", "FR", "GR", "HR", "HU", "IS", "IT", "LI",
        "LU", "MC", "MX", "NL", "NO", "PL", "PT", "RO", "RS", "SE", "SI", "SK", "TR", "UY",
    ]

    /// The layout; ``CNPostalAddressFormatterStyle/mailingAddress``, the only one, by default.
    open var style: CNPostalAddressFormatterStyle = .mailingAddress

    /// Creates a formatter with the mailing-address style.
    public override init() {
        super.init()
    }

    /// Decodes a formatter; it has no state but its style, which is always the mailing address.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The address as lines separated by `"\n"`.
    ///
    /// - Parameters:
    ///   - postalAddress: The address.
    ///   - style: The layout; only ``CNPostalAddressFormatterStyle/mailingAddress`` exists.
    /// - Returns: The lines; empty when every value of the address is empty.
    open class func string(from postalAddress: CNPostalAddress, style: CNPostalAddressFormatterStyle) -> String {
        let code = postalAddress.isoCountryCode.uppercased()
        let cityLine =
            codeFirst.contains(code)
            ? [postalAddress.postalCode, postalAddress.city]
            : [postalAddress.city, postalAddress.state, postalAddress.postalCode]
        let lines = [
            postalAddress.street, cityLine.filter { !$0.isEmpty }.joined(separator: " "), postalAddress.country,
        ]
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The address in this formatter's ``style``.
    ///
    /// - Parameter postalAddress: The address.
    /// - Returns: The lines separated by `"\n"`.
    open func string(from postalAddress: CNPostalAddress) -> String {
        Self.string(from: postalAddress, style: style)
    }

    /// The address when `obj` is a ``CNPostalAddress``; `nil` otherwise.
    open override func string(for obj: Any?) -> String? {
        (obj as? CNPostalAddress).map { string(from: $0) }
    }
}
