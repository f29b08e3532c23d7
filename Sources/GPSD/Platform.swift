// The module's only platform-specific file: POSIX sockets and threads through Glibc (or Musl).
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("GPSD needs Glibc or Musl")
#endif

/// Thin, errno-returning wrappers over the POSIX calls the client needs.
enum Platform {
    /// A socket address ready for `connect(2)`.
    struct Address: @unchecked Sendable {
        // sockaddr_storage is plain old data; @unchecked only because the C import lacks Sendable.
        var storage = sockaddr_storage()
        var length: socklen_t = 0
        var family: Int32 { Int32(storage.ss_family) }
    }

    enum ConnectResult {
        case connected
        case inProgress
        case failed(Int32)
    }

    enum ReadResult {
        case bytes(Int)
        case endOfFile
        case wouldBlock
        case failed(Int32)
    }

    /// Builds a `sockaddr_un`; `nil` when the path is empty or longer than `sun_path` allows.
    static func unixAddress(path: String) -> Address? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        var result = Address()
        withUnsafeMutableBytes(of: &result.storage) { storage in
            withUnsafeBytes(of: address) { storage.copyMemory(from: $0) }
        }
        result.length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + 1)
        return result
    }

    /// Resolves a host and port with `getaddrinfo` (blocking for names), in the resolver's order.
    static func resolve(host: String, port: UInt16) -> Result<[Address], ResolutionError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, list != nil else {
            return .failure(ResolutionError(message: String(cString: gai_strerror(status))))
        }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var entry = list
        while let info = entry?.pointee {
            var address = Address()
            address.length = min(info.ai_addrlen, socklen_t(MemoryLayout<sockaddr_storage>.size))
            withUnsafeMutableBytes(of: &address.storage) { storage in
                storage.copyMemory(from: UnsafeRawBufferPointer(start: info.ai_addr, count: Int(address.length)))
            }
            addresses.append(address)
            entry = info.ai_next
        }
        return .success(addresses)
    }

    struct ResolutionError: Error {
        let message: String
    }

    /// Opens a non-blocking, close-on-exec stream socket.
    static func makeSocket(family: Int32) -> Result<Int32, Errno> {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(family, type, 0)
        return fd >= 0 ? .success(fd) : .failure(Errno(code: errno))
    }

    struct Errno: Error {
        let code: Int32
    }

    static func connect(_ fd: Int32, to address: Address) -> ConnectResult {
        var storage = address.storage
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, address.length) }
        }
        if status == 0 { return .connected }
        return errno == EINPROGRESS ? .inProgress : .failed(errno)
    }

    /// The outcome of a non-blocking connect (`SO_ERROR`); 0 means connected.
    static func pendingError(_ fd: Int32) -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
        return code
    }

    /// Sends all bytes without raising SIGPIPE; returns an errno on failure or a short write.
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent == bytes.count { return nil }
        return sent < 0 ? errno : EAGAIN
    }

    static func read(_ fd: Int32, into buffer: inout [UInt8]) -> ReadResult {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count > 0 { return .bytes(count) }
        if count == 0 { return .endOfFile }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed(errno)
    }

    /// Waits with `poll(2)` until `fd` is writable (or readable), or has an error or hang-up to
    /// report, before `deadline`; `false` when the deadline passes first.
    static func wait(_ fd: Int32, forWriting: Bool, until deadline: DispatchTime) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard deadline.uptimeNanoseconds > now else { return false }
            let milliseconds = Int32(min(Int(Int32.max), Int((deadline.uptimeNanoseconds - now + 999_999) / 1_000_000)))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // let the following call report the error
        }
    }

    /// Sends FIN after any queued data (`shutdown(SHUT_WR)`).
    static func shutdownWriting(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Whether a failed `connect(2)` means that nothing listens there (yet): `ECONNREFUSED`, or `ENOENT` for a
    /// Unix socket path that does not exist.
    static func isRefusal(errno code: Int32) -> Bool {
        code == ECONNREFUSED || code == ENOENT
    }

    /// `strerror(3)` text for an errno value.
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// An identifier of the calling thread (`pthread_self`).
    static func currentThread() -> UInt {
        UInt(pthread_self())
    }
}
