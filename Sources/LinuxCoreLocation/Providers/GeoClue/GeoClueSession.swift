import DBus

/// One GeoClue client on one bus connection, from `GetClient` to `DeleteClient`: what a started
/// ``GeoClueLocationProvider`` holds.
///
/// Trust: on a system bus any local user may send a signal, also one addressed to us alone, which no match rule
/// filters. So ``interpret(_:)`` believes a `NameOwnerChanged` only from the bus itself (sender
/// `org.freedesktop.DBus`) and a `LocationUpdated` only from the unique name that owns `org.freedesktop.GeoClue2`
/// (asked with `GetNameOwner` at the start, then followed through the bus's `NameOwnerChanged`), about our client's
/// path and naming a location under it. Everything else is ignored and counted.
///
/// Thread-safe.
final class GeoClueSession: Sendable {
    /// A failed step of opening a session.
    struct Failure: Error {
        /// The call that failed, for example `GetClient`.
        let step: String
        let error: DBusError
    }

    /// What a signal means to the session.
    enum Signal: Equatable {
        /// GeoClue announced a new location of our client at this object path.
        case locationUpdated(String)
        /// The bus says GeoClue left it.
        case serviceLeft
        /// Nothing to do: the bus named GeoClue's new owner (later updates must come from it), or a signal the
        /// client did not subscribe to arrived, such as the bus's `NameAcquired`.
        case unrelated
        /// Not believed: why, the same text for every signal of this kind.
        case ignored(String)
    }

    let connection: DBusConnection
    /// The client's object path, for example `/org/freedesktop/GeoClue2/Client/1`.
    let client: String
    /// The unique name owning `org.freedesktop.GeoClue2` (such as `:1.7`); `nil` while nobody owns it.
    private let owner: Protected<String?>

    private init(connection: DBusConnection, client: String, owner: String) {
        self.connection = connection
        self.client = client
        self.owner = Protected(owner)
    }

    /// Asks GeoClue for a client, configures it from `options` and starts it; events (signals, the connection closing)
    /// go to `onEvent` on the connection's reader thread from before `Start` on.
    ///
    /// - Throws: ``Failure`` naming the step; a client already made is deleted and the connection closed.
    ///   The connection is closed on failure in any case.
    static func open(
        _ options: GeoClueOptions, on connection: DBusConnection,
        onEvent: @escaping @Sendable (DBusConnection.Event) -> Void
    ) throws -> GeoClueSession {
        connection.setEventHandler(onEvent)
        do {
            try GeoClueFailures.step("AddMatch") {
                _ = try connection.call(GeoClueBus.busCall("AddMatch", [.string(GeoClueBus.ownerChangedRule)]))
            }
            let client = try GeoClueFailures.step("GetClient") {
                try GeoClueBus.objectPath(
                    in: try connection.call(
                        GeoClueBus.call(GeoClueBus.managerPath, GeoClueBus.managerInterface, "GetClient")),
                    of: "GetClient")
            }
            let owner = try GeoClueFailures.step("GetNameOwner") {
                let reply = try connection.call(GeoClueBus.busCall("GetNameOwner", [.string(GeoClueBus.service)]))
                guard case .string(let name)? = reply.body.first else {
                    throw DBusError.unexpectedReply(member: "GetNameOwner", signature: reply.signature, expected: "s")
                }
                return name
            }
            let session = GeoClueSession(connection: connection, client: client, owner: owner)
            do {
                try GeoClueFailures.step("DesktopId") {
                    try GeoClueBus.set("DesktopId", .string(options.desktopID), of: client, on: connection)
                }
                try GeoClueFailures.step("RequestedAccuracyLevel") {
                    try GeoClueBus.set(
                        "RequestedAccuracyLevel", .uint32(options.accuracyLevel.rawValue), of: client, on: connection)
                }
                try GeoClueFailures.step("DistanceThreshold") {
                    try GeoClueBus.set(
                        "DistanceThreshold", .uint32(options.distanceThreshold), of: client, on: connection)
                }
                try GeoClueFailures.step("TimeThreshold") {
                    try GeoClueBus.set("TimeThreshold", .uint32(options.timeThreshold), of: client, on: connection)
                }
                try GeoClueFailures.step("AddMatch") {
                    _ = try connection.call(
                        GeoClueBus.busCall("AddMatch", [.string(GeoClueBus.locationUpdatedRule(client: client))]))
                }
                try GeoClueFailures.step("Start") {
                    _ = try connection.call(GeoClueBus.call(client, GeoClueBus.clientInterface, "Start"))
                }
            } catch {
                session.close(stopping: false)
                throw error
            }
            return session
        } catch {
            connection.close()
            throw error
        }
    }

    /// What `signal` means: the rules of the type's trust paragraph.
    func interpret(_ signal: DBusMessage) -> Signal {
        if signal.interface == DBus.busInterface, signal.member == "NameOwnerChanged" {
            return ownerChanged(signal)
        }
        guard signal.interface == GeoClueBus.clientInterface, signal.member == "LocationUpdated" else {
            return .unrelated
        }
        guard let sender = signal.sender, sender == owner.withLock({ $0 }) else {
            return .ignored("a LocationUpdated not sent by GeoClue's unique name")
        }
        guard signal.path == client, signal.body.count == 2, case .objectPath(let location) = signal.body[1],
            location.hasPrefix(client + "/")
        else { return .ignored("a LocationUpdated not about this client's locations") }
        return .locationUpdated(location)
    }

    /// A `NameOwnerChanged(name, old, new)`: believed only from the bus, and only about GeoClue's name.
    private func ownerChanged(_ signal: DBusMessage) -> Signal {
        guard signal.sender == DBus.busName, signal.path == DBus.busPath else {
            return .ignored("a NameOwnerChanged not sent by the bus")
        }
        guard signal.body.count == 3, signal.body[0] == .string(GeoClueBus.service),
            case .string(let newOwner) = signal.body[2]
        else { return .unrelated }
        owner.withLock { $0 = newOwner.isEmpty ? nil : newOwner }
        return newOwner.isEmpty ? .serviceLeft : .unrelated
    }

    /// Reads the location at `path`.
    func location(at path: String) throws(DBusError) -> [String: DBusValue] {
        try GeoClueBus.locationProperties(of: path, on: connection)
    }

    /// Stops and deletes the client (best effort: failures are ignored, each call bounded by the reply timeout), then
    /// closes the connection, which makes GeoClue drop the client in any case.
    func close(stopping: Bool = true) {
        if connection.isOpen {
            if stopping { _ = try? connection.call(GeoClueBus.call(client, GeoClueBus.clientInterface, "Stop")) }
            _ = try? connection.call(
                GeoClueBus.call(
                    GeoClueBus.managerPath, GeoClueBus.managerInterface, "DeleteClient", [.objectPath(client)]))
        }
        connection.close()
    }
}
