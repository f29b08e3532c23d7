import DBus

/// One GeoClue client on one bus connection, from `GetClient` to `DeleteClient`: what a started
/// ``GeoClueLocationProvider`` holds.
///
/// Thread-safe.
final class GeoClueSession: Sendable {
    /// A failed step of opening a session.
    struct Failure: Error {
        /// The call that failed, for example `GetClient`.
        let step: String
        let error: DBusError
    }

    let connection: DBusConnection
    /// The client's object path, for example `/org/freedesktop/GeoClue2/Client/1`.
    let client: String

    private init(connection: DBusConnection, client: String) {
        self.connection = connection
        self.client = client
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
            let session = GeoClueSession(connection: connection, client: client)
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

    /// The new `Location` object's path if `signal` is this client's `LocationUpdated`, else `nil`.
    func updatedLocation(in signal: DBusMessage) -> String? {
        guard signal.path == client, signal.interface == GeoClueBus.clientInterface, signal.member == "LocationUpdated",
            signal.body.count == 2, case .objectPath(let location) = signal.body[1]
        else { return nil }
        return location
    }

    /// Whether `signal` says GeoClue left the bus.
    static func serviceLeft(in signal: DBusMessage) -> Bool {
        signal.member == "NameOwnerChanged" && signal.body.count == 3 && signal.body[0] == .string(GeoClueBus.service)
            && signal.body[2] == .string("")
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
