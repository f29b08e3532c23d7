// The test module's one platform-specific file: socket pairs.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Foundation
@testable import DBus

/// The bus side of a socket pair: a script run on its own thread that reads what the client sends and answers
/// with well-formed or deliberately broken bytes.
final class FakeBus: Sendable {
    let stream: UncheckedStream
    private let done = DispatchSemaphore(value: 0)

    /// Creates a socket pair, starts `script` on the bus end, and returns the bus and the client's descriptor.
    static func start(_ script: @escaping @Sendable (FakeBus) throws -> Void) -> (FakeBus, Int32) {
        var descriptors: [Int32] = [0, 0]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
        let bus = FakeBus(descriptor: descriptors[0])
        Thread {
            do { try script(bus) } catch { print("FakeBus script ended: \(error)") }
            bus.stream.value.socket.close()
            bus.done.signal()
        }.start()
        return (bus, descriptors[1])
    }

    private init(descriptor: Int32) {
        stream = UncheckedStream(DBusStream(socket: DBusSocket(fileDescriptor: descriptor), maximumMessageSize: 1 << 27))
    }

    /// Waits for the script to end (it closes its end of the pair then).
    func finish() { done.wait() }

    func readLine() throws -> String { try stream.value.readLine(timeout: 5) }
    func readMessage() throws -> DBusMessage { try stream.value.readMessage(timeout: 5) }
    func write(_ bytes: [UInt8]) throws { try stream.value.socket.write(bytes, timeout: 5) }
    func send(_ message: DBusMessage, serial: UInt32) throws { try write(try message.encoded(serial: serial)) }

    /// Accepts the client's handshake and answers its `Hello` with `:1.7`; returns the auth line it sent.
    @discardableResult
    func acceptClient() throws -> String {
        var nul = try stream.value.socket.read(upTo: 1, timeout: 5)
        guard nul == [0] else { throw DBusError.authenticationFailed("expected the NUL byte, got \(nul)") }
        nul = []
        let auth = try readLine()
        try write(Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8))
        guard try readLine() == "BEGIN" else { throw DBusError.authenticationFailed("expected BEGIN") }
        let hello = try readMessage()
        try send(.methodReturn(to: hello, body: [.string(":1.7")]), serial: 1)
        return auth
    }
}

/// The bus's stream, used only by the script's thread.
final class UncheckedStream: @unchecked Sendable {
    let value: DBusStream
    init(_ value: DBusStream) { self.value = value }
}

/// A message's bytes with a 32-bit field at `offset` replaced, little-endian.
func patched(_ bytes: [UInt8], uint32 value: UInt32, at offset: Int) -> [UInt8] {
    var copy = bytes
    withUnsafeBytes(of: value.littleEndian) { copy.replaceSubrange(offset..<offset + 4, with: $0) }
    return copy
}
