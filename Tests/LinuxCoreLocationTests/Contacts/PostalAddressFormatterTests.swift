import Foundation
import Testing

@testable import LinuxCoreLocation

/// The Contacts formatter stand-in (issue 20, finding 8).
@Suite struct PostalAddressFormatterTests {
    private func address(
        street: String = "", city: String = "", state: String = "", postalCode: String = "", country: String = "",
        code: String = ""
    ) -> CNPostalAddress {
        let address = CNMutablePostalAddress()
        (address.street, address.city, address.state) = (street, city, state)
        (address.postalCode, address.country, address.isoCountryCode) = (postalCode, country, code)
        return address
    }

    @Test func mailingAddressFollowsTheCountrysOrder() {
        let paris = address(
            street: "5 Avenue Anatole France", city: "Paris", state: "Île-de-France", postalCode: "75007",
            country: "France", code: "FR")
        #expect(
            CNPostalAddressFormatter.string(from: paris, style: .mailingAddress)
                == "5 Avenue Anatole France\n75007 Paris\nFrance")
        let cupertino = address(
            street: "1 Infinite Loop", city: "Cupertino", state: "CA", postalCode: "95014", country: "United States",
            code: "us")
        #expect(
            CNPostalAddressFormatter().string(from: cupertino) == "1 Infinite Loop\nCupertino CA 95014\nUnited States")
    }

    @Test func emptyValuesLeaveNoGaps() {
        #expect(
            CNPostalAddressFormatter.string(from: address(city: "Lyon", code: "FR"), style: .mailingAddress) == "Lyon")
        #expect(CNPostalAddressFormatter.string(from: CNPostalAddress(), style: .mailingAddress) == "")
        #expect(
            CNPostalAddressFormatter().string(for: address(city: "Oslo", postalCode: "0150", code: "NO")) == "0150 Oslo"
        )
        #expect(CNPostalAddressFormatter().string(for: "not an address") == nil)
        #expect(CNPostalAddressFormatterStyle.mailingAddress.rawValue == 0)
    }
}
