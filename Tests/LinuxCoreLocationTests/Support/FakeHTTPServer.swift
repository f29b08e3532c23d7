import Foundation
import SharedTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP/1.1 server for geocoding tests: listens on 127.0.0.1 with a kernel-assigned port, answers
/// each request with what `respond` returns for its path and query, and records the request targets.
///
/// One connection at a time, `Connection: close`; the accept loop polls so that ``stop()`` ends it promptly.
final class FakeHTTPServer: @unchecked Sendable {
    /// The base URL, `http://127.0.0.1:PORT`.
    let base: String
    private let listener: Int32
    private let respond: @Sendable (String) -> (status: Int, body: String)
    private let lock = NSLock()
    private var targets: [String] = []
    private var running = true
    private let finished = DispatchSemaphore(value: 0)

    /// Whether replies carry `Content-Length`; without it the body ends when the connection closes.
    private let sendsLength: Bool

    /// Starts listening and serving on a thread of its own.
    init(sendsLength: Bool = true, respond: @escaping @Sendable (String) -> (status: Int, body: String)) throws {
        self.sendsLength = sendsLength
        let listening = try LoopbackListener()
        let listener = listening.descriptor
        self.listener = listener
        self.respond = respond
        base = "http://127.0.0.1:\(listening.port)"
        Thread.detachNewThread { [self] in serve() }
    }

    /// The request targets (path and query) received so far, in order.
    var requests: [String] { lock.withLock { targets } }

    /// Stops serving and closes the listening socket; waits for the accept loop to end.
    func stop() {
        lock.withLock { running = false }
        finished.wait()
        Glibc.close(listener)
    }

    private func serve() {
        defer { finished.signal() }
        while lock.withLock({ running }) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            Glibc.close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.contains(13) || !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 5000) > 0 else { return }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let line = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        let target = parts.count > 1 ? String(parts[1]) : ""
        lock.withLock { targets.append(target) }
        let (status, body) = respond(target)
        let payload = Array(body.utf8)
        let length = sendsLength ? "Content-Length: \(payload.count)\r\n" : ""
        let head =
            "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Error")\r\nContent-Type: application/json\r\n"
            + "\(length)Connection: close\r\n\r\n"
        let bytes = Array(head.utf8) + payload
        // MSG_NOSIGNAL: a client that hangs up early (a reply too large for it) must not raise SIGPIPE here.
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
