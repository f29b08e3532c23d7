// fuzz-module: DBus
// fuzz-max-len: 16384
//
// libFuzzer entry for the D-Bus socket reader: the bytes a bus — or whoever answers on its socket — sends a
// connection, from the authentication lines on, read through a real socket pair by `DBusStream` as a connection
// reads them. Built by Scripts/fuzz.sh together with Sources/DBus into one module, so it reaches the module's
// internal reader without an import.
//
// Input: the first byte chooses the side. Even: the client's (`DBusAuthentication.authenticate` reads the bus's
// answer to `AUTH EXTERNAL`, then messages are read header first, each body read or skipped as the header's serial
// says, so that both paths run). Odd: the bus's (`DBusPeerEndpoint.acceptClient` reads the NUL byte, the `AUTH`
// line, `BEGIN` and `Hello`; then messages are read whole). The rest is what arrives on the socket, after which the
// other end hangs up.
//
// Per input it checks what the module promises:
// - no crash, trap, hang or sanitizer report; every failure is a `DBusError`;
// - the read buffer never grows: every message here is allowed at most 4,096 bytes, so anything longer is skipped
//   through the 64 KiB buffer (issue 32: a peer's large message must be drained, not kept);
// - the messages read and skipped never add up to more bytes than arrived;
// - a body that decodes has exactly the signature its header announced.
import Foundation

/// Stops the fuzzer with a message when a documented promise is broken.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("DBusStream fuzz invariant broken: \(message())") }
}

/// The largest message read whole.
private let limit = 4096

/// Reads messages the way a connection does until the stream ends or loses its framing; returns the bytes they
/// took.
private func readMessages(_ stream: DBusStream) -> Int {
    var consumed = 0
    while let frame = try? stream.readHeader(timeout: 1) {
        let wanted: Bool
        if case .success(let header) = frame.header { wanted = header.serial % 2 == 1 } else { wanted = false }
        if wanted {
            guard let result = try? stream.readBody(of: frame, timeout: 1) else { break }
            if case .success(let message) = result, case .success(let header) = frame.header {
                require(message.signature == header.signature, "body \(message.signature), header \(header.signature)")
            }
        } else {
            guard (try? stream.skip(frame, timeout: 1)) != nil else { break }
        }
        consumed += frame.length
        require(stream.bufferCapacity == DBusStream.readSize, "the buffer grew to \(stream.bufferCapacity) bytes")
    }
    return consumed
}

/// The libFuzzer callback: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    var descriptors: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0 else { return 0 }
    let (peer, reading) = (descriptors[0], descriptors[1])
    defer { close(peer) }
    var sent = 1
    while sent < size {
        let count = send(peer, data + sent, size - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        guard count > 0 else { break }
        sent += count
    }
    shutdown(peer, Int32(SHUT_WR))
    if data[0] % 2 == 0 {
        let socket = DBusSocket(fileDescriptor: reading)
        defer { socket.close() }
        let stream = DBusStream(socket: socket, maximumMessageSize: limit)
        guard (try? DBusAuthentication.authenticate(stream, userID: 1000, timeout: 1)) != nil else { return 0 }
        require(readMessages(stream) <= size - 1, "read more bytes than arrived")
    } else {
        let endpoint = DBusPeerEndpoint(fileDescriptor: reading, maximumMessageSize: limit)
        defer { endpoint.close() }
        guard (try? endpoint.acceptClient(timeout: 1)) != nil else { return 0 }
        while (try? endpoint.readMessage(timeout: 1)) != nil {}
    }
    return 0
}
