import Foundation

/// A one-client TCP server on 127.0.0.1 for the latency benchmarks: listens on a free port, accepts one connection
/// and writes whatever the bench asks for (a fake gpsd's lines, a receiver's NMEA sentences).
///
/// Used from one thread (the bench's main thread); what the client sends (gpsd's `?WATCH`) is left unread.
final class LoopbackServer {
    private let listener: Int32
    private var connection: Int32 = -1
    /// The port it listens on.
    let port: UInt16

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            if listener >= 0 { close(listener) }
            throw error
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        if connection >= 0 { close(connection) }
        close(listener)
    }

    /// Waits for the client.
    func accept() throws {
        connection = Glibc.accept(listener, nil, nil)
        guard connection >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var noDelay: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Writes `text` as it is, in one `write(2)`.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }

    /// Reads and discards what the client sends until it closes the connection (EOF), at most `timeout`
    /// seconds; returns whether EOF was seen.
    func waitForEndOfFile(timeout: Double) -> Bool {
        let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while monotonicNanoseconds() < deadline {
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 1) >= 0 else { return false }
            if descriptor.revents != 0, read(connection, &buffer, buffer.count) <= 0 { return true }
        }
        return false
    }
}
