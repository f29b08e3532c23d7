/// The SASL `EXTERNAL` handshake a client performs before its first message: a NUL byte, `AUTH EXTERNAL` with the user
/// id as hex-encoded ASCII digits, `OK <server guid>` back, then `BEGIN`.
///
/// Source: D-Bus Specification, "Authentication Protocol".
enum DBusAuthentication {
    /// The first line a client sends for `uid`, for example `AUTH EXTERNAL 31303030` for 1000.
    static func authLine(userID: UInt32) -> String {
        let hex = String(userID).utf8.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
        }
        return "AUTH EXTERNAL \(hex.joined())"
    }

    /// Runs the handshake on a fresh stream; returns the server's GUID.
    static func authenticate(_ stream: DBusStream, userID: UInt32, timeout: Double) throws(DBusError) -> String {
        try stream.socket.write([0] + Array("\(authLine(userID: userID))\r\n".utf8), timeout: timeout)
        let reply = try stream.readLine(timeout: timeout)
        guard reply.hasPrefix("OK ") else {
            _ = try? stream.socket.write(Array("CANCEL\r\n".utf8), timeout: timeout)
            throw .authenticationFailed("the bus answered \"\(reply.prefix(200))\" to AUTH EXTERNAL")
        }
        try stream.socket.write(Array("BEGIN\r\n".utf8), timeout: timeout)
        return String(reply.dropFirst(3))
    }
}
