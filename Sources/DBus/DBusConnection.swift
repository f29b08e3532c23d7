import Dispatch
import Foundation
import Synchronization

/// A client connection to a message bus over a Unix domain socket.
///
/// Thread-safe.
///
/// Creating one connects, authenticates with SASL `EXTERNAL` and registers with the bus (`Hello`), each step
/// bounded by the reply timeout. A reader thread then receives messages: replies wake the ``call(_:timeout:)``
/// waiting for them, signals go to the event handler, and method calls from peers are answered with
/// `org.freedesktop.DBus.Error.UnknownMethod` (or an empty reply to `org.freedesktop.DBus.Peer.Ping`).
///
/// What another peer sends cannot close the connection. The reader reads each message's header first and decodes
/// the body only of a reply a call waits for or a signal the signal filter (``setSignalFilter(_:)``) accepts;
/// every other message is skipped without being decoded or held, whatever its size, and counted in
/// ``statistics``. A wanted message longer than the maximum message size, or malformed, is skipped too and fails
/// only what wanted it: the waiting call throws its error, the handler receives ``Event/unreadable(_:_:)``. Only a
/// stream that loses track of where messages begin (a bad endianness flag or protocol version in a fixed header, a
/// length beyond the specification's 128 MiB) closes the connection; every waiting call then fails with
/// ``DBusError/disconnected(reason:)`` and the handler receives ``Event/closed(_:)``. A bus validates every message
/// it routes, so only a broken bus sends such bytes.
public final class DBusConnection: Sendable {
    /// What the reader thread reports to the event handler.
    public enum Event: Sendable {
        /// A signal matched by a rule added with `AddMatch` (or addressed to this connection) that the signal filter
        /// accepted.
        case signal(DBusMessage)
        /// A signal the signal filter accepted could not be read: longer than the maximum message size, or malformed.
        /// It was skipped; the connection stays open.
        case unreadable(DBusMessageHeader, DBusError)
        /// The connection closed by itself: the peer hung up or sent something invalid.
        ///
        /// Not sent after ``close()``.
        case closed(DBusError)
    }

    /// The unique name the bus gave this connection, for example `:1.42`.
    public let uniqueName: String
    /// Seconds a call waits for its reply unless told otherwise.
    public let replyTimeout: Double
    private let core: DBusConnectionCore

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`).
    ///
    /// - Parameters:
    ///   - replyTimeout: Seconds to wait for each reply, including the handshake; 5 by default.
    ///   - maximumMessageSize: The largest message read into memory, in bytes; 1 MiB by default. Larger ones are
    ///     skipped (up to ``DBus/protocolMaximumMessageSize``).
    /// - Returns: A connection registered with the bus.
    /// - Throws: ``DBusError`` when no address works, authentication fails or `Hello` is not answered.
    public static func systemBus(
        replyTimeout: Double = DBus.defaultReplyTimeout, maximumMessageSize: Int = DBus.defaultMaximumMessageSize
    ) throws(DBusError) -> DBusConnection {
        let addresses = try DBusAddress.systemBus(environment: ProcessInfo.processInfo.environment)
        var lastError = DBusError.connectionFailed(DBus.defaultSystemBusAddress, reason: "no address")
        for address in addresses {
            do {
                let socket = try DBusSocket.connect(to: address)
                return try DBusConnection(
                    socket: socket, replyTimeout: replyTimeout, maximumMessageSize: maximumMessageSize)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// Connects to the bus at `address`.
    ///
    /// - Throws: ``DBusError`` as ``systemBus(replyTimeout:maximumMessageSize:)`` does.
    public convenience init(
        address: DBusAddress, replyTimeout: Double = DBus.defaultReplyTimeout,
        maximumMessageSize: Int = DBus.defaultMaximumMessageSize
    ) throws(DBusError) {
        try self.init(
            socket: try DBusSocket.connect(to: address), replyTimeout: replyTimeout,
            maximumMessageSize: maximumMessageSize)
    }

    /// Takes over a connected stream socket whose peer speaks the bus protocol, for example one end of a `socketpair`,
    /// and performs the handshake on it.
    ///
    /// The descriptor is closed when the connection closes, also when this initializer throws.
    public convenience init(
        fileDescriptor: Int32, replyTimeout: Double = DBus.defaultReplyTimeout,
        maximumMessageSize: Int = DBus.defaultMaximumMessageSize
    ) throws(DBusError) {
        try self.init(
            socket: DBusSocket(fileDescriptor: fileDescriptor), replyTimeout: replyTimeout,
            maximumMessageSize: maximumMessageSize)
    }

    private init(socket: DBusSocket, replyTimeout: Double, maximumMessageSize: Int) throws(DBusError) {
        let stream = DBusStream(socket: socket, maximumMessageSize: maximumMessageSize)
        do {
            _ = try DBusAuthentication.authenticate(stream, userID: DBusSocket.effectiveUserID, timeout: replyTimeout)
        } catch {
            socket.close()
            throw error
        }
        core = DBusConnectionCore(socket: socket, maximumMessageSize: maximumMessageSize)
        core.startReading(stream)
        self.replyTimeout = replyTimeout
        do throws(DBusError) {
            let reply = try core.call(
                .methodCall(
                    destination: DBus.busName, path: DBus.busPath, interface: DBus.busInterface, member: "Hello"),
                timeout: replyTimeout)
            guard case .string(let name)? = reply.body.first else {
                throw DBusError.unexpectedReply(member: "Hello", signature: reply.signature, expected: "s")
            }
            uniqueName = name
        } catch {
            core.close()
            throw error
        }
    }

    deinit {
        core.close()
    }

    /// Sets what receives signals and the connection's own closing; called on the reader thread, one event at a time.
    ///
    /// The handler must not make calls on this connection itself (they would wait for the thread that runs the
    /// handler): hop to a queue of your own first. A signal that arrives while no handler is set is skipped unread
    /// and counted in ``statistics``; set a signal filter before the handler, so that every signal the handler
    /// receives has passed it.
    public func setEventHandler(_ handler: (@Sendable (Event) -> Void)?) {
        core.setEventHandler(handler)
    }

    /// Sets what decides, from a signal's header alone, whether its body is read and the signal handed to the event
    /// handler; `nil` (the default) accepts every signal.
    ///
    /// Called on the reader thread for each signal, before its body is read, one at a time and in the order the
    /// signals arrive, and not after ``close()`` returns. A signal it refuses is skipped unread and counted in
    /// ``statistics``. It must be quick and must not make calls on this connection. On a system bus any local user
    /// may send this connection a signal of any interface and member: checking ``DBusMessageHeader/sender`` here
    /// keeps their bodies from being decoded at all.
    public func setSignalFilter(_ filter: (@Sendable (DBusMessageHeader) -> Bool)?) {
        core.setSignalFilter(filter)
    }

    /// What the reader skipped or could not read since the connection opened.
    public var statistics: DBusConnectionStatistics { core.statistics }

    /// Sends a method call and waits for its reply.
    ///
    /// - Parameters:
    ///   - message: A ``DBusMessage/Kind/methodCall`` message.
    ///   - timeout: Seconds to wait; ``replyTimeout`` when `nil`.
    /// - Returns: The ``DBusMessage/Kind/methodReturn`` reply.
    /// - Throws: ``DBusError/errorReply(name:message:)`` when the peer answers with an error,
    ///   ``DBusError/messageTooLarge(size:limit:)`` or ``DBusError/malformedMessage(offset:reason:)`` when the reply
    ///   cannot be read (the connection stays open), ``DBusError/timedOut(member:seconds:)`` when no reply comes in
    ///   time, ``DBusError/disconnected(reason:)``
    ///   when the connection is or becomes closed, ``DBusError/invalidValue(_:)`` when called from the event
    ///   handler.
    public func call(_ message: DBusMessage, timeout: Double? = nil) throws(DBusError) -> DBusMessage {
        try core.call(message, timeout: timeout ?? replyTimeout)
    }

    /// Sends a message without waiting for a reply.
    ///
    /// - Returns: The serial given to the message.
    /// - Throws: ``DBusError`` when it cannot be marshalled or written.
    @discardableResult
    public func send(_ message: DBusMessage) throws(DBusError) -> UInt32 {
        try core.send(message, timeout: replyTimeout)
    }

    /// Whether the connection is still open.
    public var isOpen: Bool { core.isOpen }

    /// Closes the connection: waiting calls fail with ``DBusError/disconnected(reason:)``, the handler is not called
    /// again once this returns (unless called from the handler itself).
    ///
    /// Idempotent.
    public func close() {
        core.close()
    }
}
