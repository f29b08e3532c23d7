import DBus

/// GeoClue2's names on the system bus and the calls the provider makes, each bounded by the connection's reply timeout.
///
/// Source: GeoClue 2 API reference; D-Bus Specification, "Message Bus Messages" and "org.freedesktop.DBus.Properties".
enum GeoClueBus {
    static let service = "org.freedesktop.GeoClue2"
    static let managerPath = "/org/freedesktop/GeoClue2/Manager"
    static let managerInterface = "org.freedesktop.GeoClue2.Manager"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"
    static let locationInterface = "org.freedesktop.GeoClue2.Location"

    /// A method call to GeoClue.
    static func call(_ path: String, _ interface: String, _ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(destination: service, path: path, interface: interface, member: member, body: body)
    }

    /// A method call to the bus itself.
    static func busCall(_ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(
            destination: DBus.busName, path: DBus.busPath, interface: DBus.busInterface, member: member, body: body)
    }

    /// Whether GeoClue runs now or the bus can start it on demand.
    static func isReachable(on connection: DBusConnection) throws(DBusError) -> Bool {
        let owned = try connection.call(busCall("NameHasOwner", [.string(service)]))
        if owned.body == [.boolean(true)] { return true }
        let activatable = try connection.call(busCall("ListActivatableNames"))
        guard case .array(.string, let names)? = activatable.body.first else { return false }
        return names.contains(.string(service))
    }

    /// The object path the reply's first argument holds.
    static func objectPath(in reply: DBusMessage, of member: String) throws(DBusError) -> String {
        guard case .objectPath(let path)? = reply.body.first else {
            throw .unexpectedReply(member: member, signature: reply.signature, expected: "o")
        }
        return path
    }

    /// Sets a property with `org.freedesktop.DBus.Properties.Set`.
    static func set(_ name: String, _ value: DBusValue, of path: String, on connection: DBusConnection)
        throws(DBusError)
    {
        _ = try connection.call(
            call(path, DBus.propertiesInterface, "Set", [.string(clientInterface), .string(name), .variant(value)]))
    }

    /// Reads every property of a `Location` object.
    static func locationProperties(of path: String, on connection: DBusConnection) throws(DBusError) -> [String:
        DBusValue]
    {
        let reply = try connection.call(call(path, DBus.propertiesInterface, "GetAll", [.string(locationInterface)]))
        guard let properties = reply.body.first?.stringVariantDictionary else {
            throw .unexpectedReply(member: "GetAll", signature: reply.signature, expected: "a{sv}")
        }
        return properties
    }

    /// A match rule for `LocationUpdated` signals of one client.
    static func locationUpdatedRule(client: String) -> String {
        "type='signal',sender='\(service)',interface='\(clientInterface)',member='LocationUpdated',path='\(client)'"
    }

    /// A match rule for GeoClue leaving (or joining) the bus.
    static let ownerChangedRule =
        "type='signal',sender='\(DBus.busName)',interface='\(DBus.busInterface)',member='NameOwnerChanged',arg0='\(service)'"
}
