import Foundation
import GPSD
import SharedTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted stand-in for gpsd: a listening POSIX socket on 127.0.0.1 (port 0, so the kernel
/// picks a free one) or on a Unix path.
///
/// Every blocking call polls with a timeout and throws
/// instead of hanging, so a broken client fails the test rather than stalling it.
final class FakeGPSD {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let endpoint: GPSDEndpoint
    private let listener: Int32
    private let unixPath: String?

    /// Listens on 127.0.0.1 with the given accept backlog, on `port` (a gpsd restarted on its port) or, by
    /// default, on a kernel-assigned one.
    init(port: UInt16 = 0, backlog: Int32 = 8) throws {
        let listening = try LoopbackListener(port: port, backlog: backlog)
        listener = listening.descriptor
        endpoint = .tcp(host: "127.0.0.1", port: listening.port)
        unixPath = nil
    }

    /// Listens on a Unix-domain socket at `path`.
    init(unixPath path: String) throws {
        listener = try UnixSocketListener(path: path).descriptor
        endpoint = .unixSocket(path: path)
        unixPath = path
    }

    deinit {
        Glibc.close(listener)
        if let unixPath { unlink(unixPath) }
    }

    /// Opens `count` non-blocking connections that are never accepted, filling the accept
    /// queue so that Linux drops further SYNs and a new `connect` stays in progress.
    func fillAcceptQueue(count: Int = 3) -> [Int32] {
        guard case .tcp(_, let port) = endpoint else { return [] }
        return (0..<count).map { _ in
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = port.bigEndian
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            return fd
        }
    }

    /// Waits for the client to connect.
    func accept(timeout: Double = 10) throws -> Peer {
        try Self.poll(listener, timeout: timeout, what: "a connection")
        let fd = Glibc.accept(listener, nil, nil)
        guard fd >= 0 else { throw Failure(description: "accept: \(String(cString: strerror(errno)))") }
        return Peer(fd: fd)
    }

    static func poll(_ fd: Int32, timeout: Double, what: String) throws {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = Glibc.poll(&descriptor, 1, Int32(timeout * 1000))
        guard ready > 0 else { throw Failure(description: "timed out after \(timeout) s waiting for \(what)") }
    }

    /// The server side of one client connection.
    final class Peer {
        private var fd: Int32
        private var received: [UInt8] = []

        init(fd: Int32) {
            self.fd = fd
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        deinit { close() }

        /// Writes the bytes in one `send` (the kernel may still split or merge them).
        func send(_ text: String) throws {
            try send(Array(text.utf8))
        }

        func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes {
                    Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard sent > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
                offset += sent
            }
        }

        /// Reads the next line the client sent, without its LF.
        func readLine(timeout: Double = 10) throws -> String {
            while true {
                if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: received[..<newline], as: UTF8.self)
                    received.removeSubrange(...newline)
                    return line
                }
                guard try fill(timeout: timeout) else { throw Failure(description: "client closed before a full line") }
            }
        }

        /// Reads until the client closes (EOF or reset); returns the lines it sent meanwhile.
        func readUntilClosed(timeout: Double = 10) throws -> [String] {
            while try fill(timeout: timeout) {}
            let lines = String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
            received.removeAll()
            return lines
        }

        /// Appends what is readable; `false` at EOF or reset.
        private func fill(timeout: Double) throws -> Bool {
            try FakeGPSD.poll(fd, timeout: timeout, what: "data from the client")
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            received.append(contentsOf: chunk[..<count])
            return true
        }

        /// Closes with an RST instead of a FIN (`SO_LINGER` with zero timeout), like a crashed peer.
        func reset() {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            close()
        }

        func close() {
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }
    }
}

/// gpsd 3.22's greeting as captured from Debian's gpsd on this project's machine, plus a synthetic TPV.
enum Greeting {
    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\r\n"
    static let devices =
        #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-11-30T06:36:05.596Z","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}"#
        + "\r\n"
    static let watch =
        #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#
        + "\r\n"
    static let tpv =
        #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-30T06:36:06.000Z","ept":0.005,"lat":48.858370123,"lon":2.294481234,"altHAE":80.5,"altMSL":35.2,"alt":35.2,"epx":2.1,"epy":3.4,"epv":6.2,"speed":0.012,"climb":0.1,"eps":7.5,"epc":12.4,"eph":8.9}"#
        + "\r\n"

    /// A short 3D TPV of the epoch at `second` seconds after 2026-11-30T06:36:00Z (each second is a new epoch).
    static func tpv(second: Int) -> String {
        #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-30T06:\#(36 + second / 60):\#(String(format: "%02d", second % 60)).000Z","lat":48.8,"lon":2.3}"#
            + "\r\n"
    }
}
