import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

#if canImport(Glibc)
    import Glibc
#endif

/// The geocoder's HTTP GET through the `curl` program: the body as sent, the status read apart from it, and
/// every way a request fails said in one line.
@Suite(.timeLimit(.minutes(1))) struct BoundedFetchTests {
    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test func aBodyEndingInDigitsKeepsThemAndTheStatusIsReadApart() throws {
        // curl writes the status right after the body: "12345" then "200".
        let server = try FakeHTTPServer { _ in (200, "12345") }
        defer { server.stop() }
        let outcome = BoundedFetch.get(try url(server.base + "/x"), headers: [], limit: 100, deadline: 10)
        #expect(outcome == .body(Data("12345".utf8)))
        let missing = try FakeHTTPServer { _ in (404, "200") }
        defer { missing.stop() }
        let refused = BoundedFetch.get(try url(missing.base + "/x"), headers: [], limit: 100, deadline: 10)
        #expect(refused == .failed("HTTP status 404"))
    }

    @Test func aBodyOfExactlyTheLimitIsKeptAndOneByteMoreIsNot() throws {
        let server = try FakeHTTPServer(sendsLength: false) { target in
            (200, String(repeating: "x", count: target.hasSuffix("/fits") ? 100 : 101))
        }
        defer { server.stop() }
        let fits = BoundedFetch.get(try url(server.base + "/fits"), headers: [], limit: 100, deadline: 10)
        #expect(fits == .body(Data(repeating: UInt8(ascii: "x"), count: 100)))
        let over = BoundedFetch.get(try url(server.base + "/over"), headers: [], limit: 100, deadline: 10)
        #expect(over == .failed("the reply is larger than 0 KiB"))
    }

    @Test func aServerThatIsNotThereSaysSo() throws {
        let listener = try LoopbackListener()
        close(listener.descriptor)  // the port is free again: nothing listens on it
        let outcome = BoundedFetch.get(
            try url("http://127.0.0.1:\(listener.port)/x"), headers: [], limit: 100, deadline: 10)
        guard case .failed(let reason) = outcome else {
            Issue.record("a refused connection gave \(outcome)")
            return
        }
        #expect(reason.hasPrefix("Failed to connect to 127.0.0.1"))
    }

    @Test func theURLIsNotOnCurlsCommandLine() throws {
        // The URL holds the position or address asked about (and any key in the server's URL); a command line
        // is readable by every user of the machine (`ps`, /proc/PID/cmdline).
        let secret = "key-\(UUID().uuidString)"
        let server = try FakeHTTPServer { _ in
            // curl waits for this answer, so it is running now.
            (200, processes(whoseCommandLineHolds: secret).isEmpty ? "unseen" : "seen")
        }
        defer { server.stop() }
        let outcome = BoundedFetch.get(try url(server.base + "/x?key=\(secret)"), headers: [], limit: 100, deadline: 10)
        #expect(outcome == .body(Data("unseen".utf8)))
        #expect(server.requests == ["/x?key=\(secret)"])
    }

    @Test func aURLLongerThanCurlsInputPipeHoldsFailsAtOnce() throws {
        // Nobody reads the pipe before curl starts: writing more than it holds would block for ever. A pipe holds
        // 16 pages, 64 KiB with 4 KiB pages and 1 MiB with 64 KiB ones.
        let long = try url("http://127.0.0.1:1/" + String(repeating: "a", count: 1_500_000))
        let outcome = BoundedFetch.get(long, headers: [], limit: 100, deadline: 10)
        #expect(outcome == .failed("the request URL is too long (1500019 bytes)"))
    }

    @Test func curlsPipesAreClosedWhenTheRequestEnds() throws {
        // The pipes of curl's input, output and messages, found through the curl that carries this header.
        let marker = "X-Request: \(UUID().uuidString)"
        let pipes = Locked<Set<String>>([])
        let server = try FakeHTTPServer { _ in
            for process in processes(whoseCommandLineHolds: marker) {
                pipes.withLock { $0.formUnion(["0", "1", "2"].compactMap { link("/proc/\(process)/fd/\($0)") }) }
            }
            return (200, "{}")
        }
        defer { server.stop() }
        let outcome = BoundedFetch.get(try url(server.base + "/x"), headers: [marker], limit: 100, deadline: 10)
        #expect(outcome == .body(Data("{}".utf8)))
        let seen = pipes.withLock { $0 }
        #expect(seen.count == 3 && seen.allSatisfy { $0.hasPrefix("pipe:") })
        let open = Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap {
                link("/proc/self/fd/\($0)")
            })
        #expect(open.isDisjoint(with: seen))
    }

    @Test func curlsMessagesReadAsLibcurlWordsThem() {
        #expect(
            BoundedFetch.reason(in: "curl: (6) Could not resolve host: nowhere\nmore")
                == "Could not resolve host: nowhere")
        #expect(BoundedFetch.reason(in: "curl: (x) kept") == "(x) kept")
        #expect(BoundedFetch.reason(in: "no prefix") == "no prefix")
        #expect(BoundedFetch.reason(in: "curl: (7) ") == nil && BoundedFetch.reason(in: "") == nil)
    }

    @Test func aServerThatNeverAnswersIsCutOffAtTheDeadline() throws {
        // The kernel accepts the connection into the listen queue; nobody ever reads the request.
        let listener = try LoopbackListener()
        defer { close(listener.descriptor) }
        let started = ContinuousClock.now
        let outcome = BoundedFetch.get(
            try url("http://127.0.0.1:\(listener.port)/x"), headers: [], limit: 100, deadline: 1)
        #expect(outcome == .failed("no complete reply within 1 s"))
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    /// A cancelled request ends its curl: the server sees the connection closed within a second of
    /// ``CLGeocoder/cancelGeocode()``, not at curl's deadline (15 s), and the handler hears `geocodeCanceled` once.
    @Test func cancellingAGeocodeEndsItsCurl() throws {
        let listener = try LoopbackListener()
        defer { close(listener.descriptor) }
        let thread = CallbackThread()
        defer { thread.stop() }
        let geocoder = CLGeocoder(service: "http://127.0.0.1:\(listener.port)")
        let answers = Answers()
        thread.sync { geocoder.geocodeAddressString("a") { answers.record($0, $1, thread: thread.thread) } }
        let connection = try #require(acceptConnection(on: listener.descriptor, within: .seconds(10)))
        defer { close(connection) }
        let cancelled = ContinuousClock.now
        thread.sync { geocoder.cancelGeocode() }
        #expect(waitForEndOfStream(on: connection, within: .seconds(5)))
        #expect(ContinuousClock.now - cancelled < .seconds(5))
        answers.wait(for: 1)
        #expect(answers.recorded == [.geocodeCanceled])
    }

    @Test func curlReadsNoConfigurationFileAndSpeaksOnlyHTTP() throws {
        let arguments = BoundedFetch.arguments(headers: ["User-Agent: test"], limit: 1 << 20, seconds: 15)
        // --disable only works as the very first argument.
        #expect(arguments.first == "--disable")
        let pairs = Dictionary(
            zip(arguments, arguments.dropFirst()).filter { $0.0.hasPrefix("--") }, uniquingKeysWith: { $1 })
        #expect(pairs["--max-time"] == "15" && pairs["--max-filesize"] == "1048576")
        #expect(pairs["--proto"] == "=http,https" && pairs["--proto-redir"] == "=http,https")
        #expect(pairs["--header"] == "User-Agent: test" && pairs["--write-out"] == "%{http_code}")
        // A compressed reply is asked for and unpacked, as URLSession did.
        #expect(arguments.contains("--compressed"))
        #expect(arguments.suffix(2) == ["--config", "-"])
    }

    @Test func theURLReachesCurlAsOneQuotedConfigurationLine() throws {
        let plain = BoundedFetch.configuration(try url("https://example.org/search?q=a"))
        #expect(plain == "url = \"https://example.org/search?q=a\"\n")
        // A quote, backslash or line break in the text becomes percent-encoded: it cannot end the value or the line.
        let hostile = BoundedFetch.configuration(try url("http://h/a\"b\\c\nd url = x"))
        #expect(hostile == "url = \"http://h/a%22b%5Cc%0Ad%20url%20=%20x\"\n")
    }

    @Test func curlIsLookedForOnThePath() throws {
        #expect(ProgramSearch.executable(named: "sh", path: "/nonexistent::/bin")?.path == "/bin/sh")
        #expect(ProgramSearch.executable(named: "sh", path: "/nonexistent") == nil)
        // A directory of that name is not a program.
        #expect(ProgramSearch.executable(named: "bin", path: "/") == nil)
    }

    @Test func aRelativePathEntryIsNotSearched() throws {
        // A relative entry names a directory through the working directory, whatever it is when a request runs.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = directory.appendingPathComponent("curl")
        try Data("#!/bin/sh\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        #expect(ProgramSearch.executable(named: "curl", path: directory.path) == program)
        let depth = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).pathComponents.count - 1
        let relative = String(repeating: "../", count: depth) + directory.path.dropFirst()
        #expect(FileManager.default.isExecutableFile(atPath: relative))
        #expect(ProgramSearch.executable(named: "curl", path: relative) == nil)
    }
}

/// The processes of the machine that have `text` in their command line (`/proc/PID/cmdline`).
private func processes(whoseCommandLineHolds text: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
        guard Int(entry) != nil,
            let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
        else { return false }
        return line.range(of: Data(text.utf8)) != nil
    }
}

/// What a descriptor link of /proc names (`pipe:[INODE]`), or `nil` when it is gone.
private func link(_ path: String) -> String? { try? FileManager.default.destinationOfSymbolicLink(atPath: path) }

/// The next connection to `listener`, or `nil` when none comes within `limit`.
private func acceptConnection(on listener: Int32, within limit: Duration) -> Int32? {
    var watched = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    guard poll(&watched, 1, Int32(limit.components.seconds * 1000)) == 1 else { return nil }
    let connection = accept(listener, nil, nil)
    return connection >= 0 ? connection : nil
}

/// Whether the peer closes `connection` within `limit`; what it sends meanwhile (the request) is read and dropped.
private func waitForEndOfStream(on connection: Int32, within limit: Duration) -> Bool {
    let end = ContinuousClock.now + limit
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < end {
        var watched = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, 100) >= 0 else { return false }
        guard watched.revents != 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
        if count <= 0 { return true }  // end of stream, or reset
    }
    return false
}
