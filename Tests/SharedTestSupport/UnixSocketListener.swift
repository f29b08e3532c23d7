import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A listening Unix-domain stream socket at a path, for the tests' stand-ins of servers (gpsd, a GeoClue NMEA
/// source) and for a socket file that a provider must refuse.
public struct UnixSocketListener: Sendable {
    /// The listening descriptor; the owner closes it (and removes the path).
    public let descriptor: Int32

    /// Removes whatever `path` names, binds a new socket there and listens.
    ///
    /// - Parameters:
    ///   - path: The socket's path, at most 107 bytes.
    ///   - backlog: The accept queue's length.
    /// - Throws: ``LoopbackListener/Failure`` when `socket`, `bind` or `listen` fails.
    public init(path: String, backlog: Int32 = 8) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw LoopbackListener.Failure(description: "socket: \(String(cString: strerror(errno)))")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        unlink(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
        guard bound, listen(descriptor, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw LoopbackListener.Failure(description: "unix bind/listen \(path): \(reason)")
        }
        self.descriptor = descriptor
    }
}
