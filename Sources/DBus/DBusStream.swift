/// Buffered reading of auth lines and framed messages from a socket; used by one thread at a time.
final class DBusStream {
    let socket: DBusSocket
    let maximumMessageSize: Int
    private var buffer: [UInt8] = []

    /// The longest authentication line accepted, in bytes.
    static let maximumLineLength = 4096

    init(socket: DBusSocket, maximumMessageSize: Int) {
        self.socket = socket
        self.maximumMessageSize = maximumMessageSize
    }

    /// Reads one `\r\n`-terminated line, without the terminator.
    func readLine(timeout: Double) throws(DBusError) -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                guard line.last == UInt8(ascii: "\r") else { throw .authenticationFailed("line not ended by CR LF") }
                return String(decoding: line.dropLast(), as: UTF8.self)
            }
            guard buffer.count <= Self.maximumLineLength else {
                throw .authenticationFailed("line longer than \(Self.maximumLineLength) bytes")
            }
            try fill(timeout: timeout)
        }
    }

    /// Reads and parses the next message; `timeout` bounds each wait for bytes (`nil`: wait forever).
    ///
    /// - Throws: ``DBusError/disconnected(reason:)`` at end of stream, or the framing and parsing errors of
    ///   ``DBusMessage``.
    func readMessage(timeout: Double?) throws(DBusError) -> DBusMessage {
        try fill(toCount: DBusMessage.fixedHeaderLength, timeout: timeout)
        let size = try DBusMessage.frameLength(
            ofHeader: Array(buffer[..<DBusMessage.fixedHeaderLength]), maximumSize: maximumMessageSize)
        try fill(toCount: size, timeout: timeout)
        let bytes = Array(buffer[..<size])
        buffer.removeSubrange(..<size)
        return try DBusMessage(decoding: bytes)
    }

    private func fill(toCount count: Int, timeout: Double?) throws(DBusError) {
        while buffer.count < count { try fill(timeout: timeout) }
    }

    private func fill(timeout: Double?) throws(DBusError) {
        let chunk = try socket.read(upTo: 65536, timeout: timeout)
        guard !chunk.isEmpty else {
            throw .disconnected(reason: buffer.isEmpty ? "end of stream" : "end of stream inside a message")
        }
        buffer += chunk
    }
}
