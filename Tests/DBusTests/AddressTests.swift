import Testing

@testable import DBus

@Suite struct AddressTests {
    @Test func parsesPathAndAbstractAndSkipsOtherTransports() throws {
        let list = try DBusAddress.parseList(
            "tcp:host=localhost,port=1;unix:path=/run/dbus/x%20y,guid=ab;unix:abstract=/tmp/z")
        #expect(list == [DBusAddress(.path("/run/dbus/x y")), DBusAddress(.abstract("/tmp/z"))])
    }

    @Test func systemBusDefaultsToTheWellKnownSocket() throws {
        #expect(try DBusAddress.systemBus(environment: [:]) == [DBusAddress(.path("/run/dbus/system_bus_socket"))])
        #expect(
            try DBusAddress.systemBus(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/tmp/bus"])
                == [DBusAddress(.path("/tmp/bus"))])
    }

    @Test func rejectsAddressesWithoutAUsableEntry() {
        #expect(throws: DBusError.self) { try DBusAddress.parseList("tcp:host=localhost") }
        #expect(throws: DBusError.self) { try DBusAddress.parseList("nonsense") }
        #expect(throws: DBusError.self) { try DBusAddress.parseList("unix:path=%zz") }
    }

    @Test func authLineCarriesTheUserIDAsHexEncodedDigits() {
        #expect(DBusAuthentication.authLine(userID: 0) == "AUTH EXTERNAL 30")
        #expect(DBusAuthentication.authLine(userID: 1000) == "AUTH EXTERNAL 31303030")
    }
}
