import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A listening TCP socket on 127.0.0.1 for the tests' stand-ins of servers (gpsd, HTTP).
public struct LoopbackListener: Sendable {
    /// Why the socket could not listen.
    public struct Failure: Error, CustomStringConvertible {
        /// The failed call and `strerror`'s reason.
        public let description: String
    }

    /// The listening descriptor; the owner closes it.
    public let descriptor: Int32
    /// The port it listens on.
    public let port: UInt16

    /// Listens on `port` (0, the default: one the kernel picks) with `SO_REUSEADDR`, so that a server restarted
    /// on its port can listen again at once.
    ///
    /// - Parameters:
    ///   - port: The port, or 0 for any free one.
    ///   - backlog: The accept queue's length.
    /// - Throws: ``Failure`` when `socket`, `bind` or `listen` fails.
    public init(port: UInt16 = 0, backlog: Int32 = 8) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound, listen(descriptor, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "bind/listen: \(reason)")
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }
}
