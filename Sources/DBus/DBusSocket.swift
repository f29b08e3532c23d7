import Foundation

// The module's one platform-specific file: Unix domain sockets, poll, and the process's user id.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// File-scope names for the C functions the class's own methods shadow.
private let systemConnect = connect
private let systemClose = close
private let systemShutdown = shutdown

/// A connected stream socket.
///
/// Writes are serialised; reads belong to one thread at a time; the descriptor is closed once, under the same lock that
/// writes and shutdowns take, so no call ever reaches a reused number.
///
/// The lock is an `NSLock` (a pthread mutex) rather than `Mutex`, whose futex slow path ThreadSanitizer does not
/// see; `@unchecked Sendable` because the descriptor is only touched under it.
final class DBusSocket: @unchecked Sendable {
    private let lock = NSLock()
    private var fileDescriptor: Int32

    /// Takes over a connected stream socket.
    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Runs `body` with the descriptor (−1 once closed) under the lock.
    private func withDescriptor<T>(_ body: (inout Int32) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&fileDescriptor)
    }

    /// Connects to a Unix domain socket.
    static func connect(to address: DBusAddress) throws(DBusError) -> DBusSocket {
        let (bytes, abstract): ([UInt8], Bool) =
            switch address.location {
            case .path(let path): (Array(path.utf8), false)
            case .abstract(let name): (Array(name.utf8), true)
            }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        let offset = abstract ? 1 : 0
        guard bytes.count + offset < capacity else {
            throw .invalidAddress(address.description, reason: "socket path longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index + offset] = byte }
        }
        let length = MemoryLayout<sa_family_t>.size + offset + bytes.count + (abstract ? 0 : 1)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .connectionFailed(address.description, reason: Self.errorText()) }
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(descriptor, $0, socklen_t(length)) }
        }
        guard result == 0 else {
            let reason = Self.errorText()
            _ = systemClose(descriptor)
            throw .connectionFailed(address.description, reason: reason)
        }
        return DBusSocket(fileDescriptor: descriptor)
    }

    /// Writes all of `bytes`, waiting at most `timeout` seconds for the peer to make room.
    func write(_ bytes: [UInt8], timeout: Double) throws(DBusError) {
        let result: String? = withDescriptor { descriptor in
            guard descriptor >= 0 else { return "the socket is closed" }
            var sent = 0
            while sent < bytes.count {
                guard Self.wait(descriptor, for: Int16(POLLOUT), timeout: timeout) else { return "write timed out" }
                let count = bytes.withUnsafeBytes {
                    send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return Self.errorText()
                }
                sent += count
            }
            return nil
        }
        if let result { throw .disconnected(reason: result) }
    }

    /// Reads up to `capacity` bytes, waiting at most `timeout` seconds (forever when `nil`) for some.
    ///
    /// - Returns: The bytes read; empty at end of stream (the peer closed, or ``shutdown()`` was called).
    func read(upTo capacity: Int, timeout: Double?) throws(DBusError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(DBusError) in try read(into: bytes, timeout: timeout) }
        }.get()
        return Array(buffer[0..<count])
    }

    /// Reads into `buffer`, waiting at most `timeout` seconds (forever when `nil`) for some bytes.
    ///
    /// - Returns: The number of bytes read, 1 or more; 0 at end of stream (the peer closed, or ``shutdown()`` was
    ///   called).
    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Double?) throws(DBusError) -> Int {
        let descriptor = withDescriptor { $0 }
        guard descriptor >= 0 else { return 0 }
        while true {
            guard Self.wait(descriptor, for: Int16(POLLIN), timeout: timeout) else {
                throw .disconnected(reason: "no data within \(timeout ?? 0) s")
            }
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .disconnected(reason: Self.errorText())
            }
            return count
        }
    }

    /// Makes a blocked or later ``read(upTo:timeout:)`` return end of stream; the descriptor stays open.
    func shutdown() {
        withDescriptor { descriptor in
            if descriptor >= 0 { _ = systemShutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes the descriptor; later calls do nothing.
    func close() {
        withDescriptor { descriptor in
            if descriptor >= 0 { _ = systemClose(descriptor) }
            descriptor = -1
        }
    }

    /// The effective user id, which SASL `EXTERNAL` sends.
    static var effectiveUserID: UInt32 { UInt32(geteuid()) }

    /// A number for the calling thread, to tell whether it is a connection's reader.
    static var currentThreadID: UInt { UInt(pthread_self()) }

    private static func wait(_ descriptor: Int32, for events: Int16, timeout: Double?) -> Bool {
        let milliseconds = timeout.map { Int32(min(max(0, $0 * 1000), Double(Int32.max))) } ?? -1
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let result = poll(&entry, 1, milliseconds)
            if result < 0 && errno == EINTR { continue }
            return result != 0  // errors and hang-ups are reported by the read or write that follows
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
