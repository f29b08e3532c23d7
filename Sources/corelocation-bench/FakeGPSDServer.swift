import Foundation

/// A one-client gpsd on 127.0.0.1 for the latency benchmark: listens on a free port, accepts one connection,
/// greets it with `VERSION` (protocol 3.15) and then writes whatever lines the bench asks for.
///
/// Used from one thread (the bench's main thread); the client's `?WATCH` is left unread in the socket.
final class FakeGPSDServer {
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

    /// Waits for the client and greets it.
    func accept() throws {
        connection = Glibc.accept(listener, nil, nil)
        guard connection >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var noDelay: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        send(#"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"#)
    }

    /// Writes `line` and a newline.
    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
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

    /// A TPV report of a 3D fix stamped `date`, with position, speed, track and the 1σ errors.
    ///
    /// The latitude carries `index` (48° + `index` µ°, so 0...999_999), read back by `index(ofLatitude:)`:
    /// it survives the provider and the block filters, unlike the time, which the age filter judges.
    static func tpv(_ index: Int, date: Date) -> String {
        let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
        let latitude = 48 + Double(index) * 1e-6
        return #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"\#(time)","lat":\#(latitude),"#
            + #""lon":11.0,"altMSL":500.0,"eph":5.0,"epv":8.0,"speed":1.0,"track":90.0}"#
    }

    /// The index `tpv(_:date:)` put in `latitude`.
    static func index(ofLatitude latitude: Double) -> Int { Int(((latitude - 48) * 1e6).rounded()) }
}
