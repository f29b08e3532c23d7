/// The bus's side of one connection, for tests and in-process fakes of a service: it accepts (or rejects) a client's
/// SASL `EXTERNAL` handshake, answers its `Hello`, then reads and writes messages.
///
/// It does no routing.
///
/// Not thread-safe: use it from one thread at a time.
public final class DBusPeerEndpoint {
    private let stream: DBusStream

    /// Takes over a connected stream socket, for example one end of a `socketpair`; ``close()`` closes it.
    ///
    /// - Parameters:
    ///   - fileDescriptor: The socket.
    ///   - maximumMessageSize: The largest message read, in bytes.
    public init(fileDescriptor: Int32, maximumMessageSize: Int = DBus.defaultMaximumMessageSize) {
        stream = DBusStream(socket: DBusSocket(fileDescriptor: fileDescriptor), maximumMessageSize: maximumMessageSize)
    }

    /// Runs the server side of the handshake and answers `Hello` with `uniqueName`.
    ///
    /// - Returns: The client's `AUTH` line, e.g. `AUTH EXTERNAL 30`.
    /// - Throws: ``DBusError`` when the client does not follow the protocol within `timeout` seconds per step.
    @discardableResult
    public func acceptClient(uniqueName: String = ":1.1", timeout: Double = DBus.defaultReplyTimeout) throws(DBusError)
        -> String
    {
        let auth = try readAuthLine(timeout: timeout)
        try write(Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8), timeout: timeout)
        let begin = try stream.readLine(timeout: timeout)
        guard begin == "BEGIN" else { throw .authenticationFailed("expected BEGIN, got \"\(begin)\"") }
        let hello = try readMessage(timeout: timeout)
        guard hello.member == "Hello" else { throw .authenticationFailed("expected Hello, got \(hello.member ?? "?")") }
        try send(.methodReturn(to: hello, body: [.string(uniqueName)]), serial: 1, timeout: timeout)
        return auth
    }

    /// Answers the client's `AUTH` line with `reply` (such as `REJECTED DBUS_COOKIE_SHA1`) instead of `OK`.
    public func rejectClient(with reply: String, timeout: Double = DBus.defaultReplyTimeout) throws(DBusError) {
        _ = try readAuthLine(timeout: timeout)
        try write(Array("\(reply)\r\n".utf8), timeout: timeout)
    }

    /// Reads the next message, waiting at most `timeout` seconds for each part.
    public func readMessage(timeout: Double = DBus.defaultReplyTimeout) throws(DBusError) -> DBusMessage {
        try stream.readMessage(timeout: timeout)
    }

    /// Sends a message numbered `serial`.
    public func send(_ message: DBusMessage, serial: UInt32, timeout: Double = DBus.defaultReplyTimeout)
        throws(DBusError)
    {
        try write(try message.encoded(serial: serial), timeout: timeout)
    }

    /// Writes raw bytes, well-formed or not.
    public func write(_ bytes: [UInt8], timeout: Double = DBus.defaultReplyTimeout) throws(DBusError) {
        try stream.socket.write(bytes, timeout: timeout)
    }

    /// Discards whatever the client sends until it closes its end, for at most `timeout` seconds.
    public func waitForHangUp(timeout: Double = DBus.defaultReplyTimeout) {
        while let chunk = try? stream.socket.read(upTo: 65536, timeout: timeout), !chunk.isEmpty {}
    }

    /// Closes the socket.
    public func close() {
        stream.socket.close()
    }

    private func readAuthLine(timeout: Double) throws(DBusError) -> String {
        let nul = try stream.socket.read(upTo: 1, timeout: timeout)
        guard nul == [0] else { throw .authenticationFailed("expected the NUL byte first, got \(nul)") }
        return try stream.readLine(timeout: timeout)
    }
}
