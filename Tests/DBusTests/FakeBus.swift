import DBus
import Foundation

// The test module's one platform-specific file: socket pairs.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The bus side of a socket pair: a script run on its own thread with a ``DBusPeerEndpoint`` that answers the client
/// with well-formed or deliberately broken bytes.
final class FakeBus: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)

    /// Creates a socket pair, runs `script` on the bus end on a thread, and returns the bus and the client's
    /// descriptor.
    ///
    /// The bus end is closed when the script returns.
    static func start(_ script: @escaping @Sendable (DBusPeerEndpoint) throws -> Void) -> (FakeBus, Int32) {
        var descriptors: [Int32] = [0, 0]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
        let bus = FakeBus()
        let endpoint = UncheckedEndpoint(DBusPeerEndpoint(fileDescriptor: descriptors[0], maximumMessageSize: 1 << 27))
        Thread {
            do { try script(endpoint.value) } catch { print("FakeBus script ended: \(error)") }
            endpoint.value.close()
            bus.done.signal()
        }.start()
        return (bus, descriptors[1])
    }

    /// Waits for the script to end.
    func finish() { done.wait() }

    /// The effective user id of the test process.
    static var userID: UInt32 { geteuid() }
}

/// Hands the endpoint to the script's thread, which alone uses it.
private final class UncheckedEndpoint: @unchecked Sendable {
    let value: DBusPeerEndpoint
    init(_ value: DBusPeerEndpoint) { self.value = value }
}

/// A message's bytes with a 32-bit field at `offset` replaced, little-endian.
func patched(_ bytes: [UInt8], uint32 value: UInt32, at offset: Int) -> [UInt8] {
    var copy = bytes
    withUnsafeBytes(of: value.littleEndian) { copy.replaceSubrange(offset..<offset + 4, with: $0) }
    return copy
}
