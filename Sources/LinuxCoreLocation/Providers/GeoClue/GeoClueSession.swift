import DBus
import LocationSupport

/// One GeoClue client on one bus connection, from `GetClient` to `DeleteClient`: what a started
/// ``GeoClueLocationProvider`` holds.
///
/// Trust: on a system bus any local user may send a signal, also one addressed to us alone, which no match rule
/// filters. So the session believes a `NameOwnerChanged` only from the bus itself (sender `org.freedesktop.DBus`)
/// and a `LocationUpdated` only from the unique name that owns `org.freedesktop.GeoClue2` (asked with
/// `GetNameOwner` at the start, then followed through the bus's `NameOwnerChanged`), about our client's path and
/// naming a location under it. The rules are applied in two halves (`GeoClueSession+Trust.swift`): the header's
/// (``screen(_:)``) before the body is read, as the connection's signal filter, so that the body of a message from
/// anybody else is never decoded; the body's (``interpret(_:)``) after. Everything else is ignored: skipped
/// silently when it is not a signal the session listens to, counted under a reason when it pretends to be one.
///
/// Thread-safe. The connection's reader thread applies both halves, in the order the signals arrive, so an owner
/// change is followed before the next signal is screened.
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

    /// What the session reports to its provider, on the connection's reader thread.
    enum Event {
        /// GeoClue announced a new location of our client at this object path.
        case locationUpdated(String)
        /// The bus says GeoClue left it.
        case serviceLeft
        /// The connection closed by itself.
        case closed(DBusError)
    }

    /// Who the session believes: set as the steps of ``open(_:on:onIgnored:onEvent:)`` learn it.
    struct Trust {
        /// The client's object path, once `GetClient` answered.
        var client: String?
        /// The unique name owning `org.freedesktop.GeoClue2` (such as `:1.7`); `nil` while nobody owns it.
        var owner: String?
    }

    let connection: DBusConnection
    let trust = Locked(Trust())

    private init(connection: DBusConnection) {
        self.connection = connection
    }

    /// The client's object path, for example `/org/freedesktop/GeoClue2/Client/1`; `""` before `GetClient`.
    var client: String { trust.withLock { $0.client } ?? "" }

    /// Asks GeoClue for a client, configures it from `options` and starts it.
    ///
    /// From before `Start` on, on the connection's reader thread: what GeoClue reports goes to `onEvent`, and the
    /// reason for each signal not believed (see the trust rules above) to `onIgnored`.
    ///
    /// - Throws: ``Failure`` naming the step; a client already made is deleted and the connection closed.
    ///   The connection is closed on failure in any case.
    static func open(
        _ options: GeoClueOptions, on connection: DBusConnection,
        onIgnored: @escaping @Sendable (String) -> Void, onEvent: @escaping @Sendable (Event) -> Void
    ) throws -> GeoClueSession {
        let session = GeoClueSession(connection: connection)
        connection.setSignalFilter { [weak session] header in
            guard let session else { return false }
            guard let verdict = session.screen(header) else { return true }
            if case .ignored(let reason) = verdict { onIgnored(reason) }
            return false
        }
        connection.setEventHandler { [weak session] event in
            session?.handle(event, onIgnored: onIgnored, onEvent: onEvent)
        }
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
            session.trust.withLock { $0 = Trust(client: client, owner: owner) }
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
