import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Input that is not what its scheme says ends a replay with `CLError(.network)` carrying a `ReplayInputError`,
/// instead of finishing quietly with no fix.
@Suite struct ReplayInputErrorTests {
    /// Writes `text` to a temporary file, runs `body` with its path, and removes it.
    private func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-input-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// Reads the whole log through an `NMEAReplaySource`; the error at its end, if any.
    private func drain(_ path: String) throws -> ReplayInputError? {
        let source = try NMEAReplaySource(path: path)
        do {
            while try source.next() != nil {}
            return nil
        } catch let error as ReplayInputError {
            return error
        }
    }

    @Test func aTextFileIsNotAnNMEALog() throws {
        let error = try withFile("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin\n\nbin:x:2:2\n") {
            try drain($0)
        }
        let input = try #require(error)
        #expect(input.reason == "no NMEA 0183 sentences: all 3 lines were rejected, none holds a sentence")
        #expect(input.line == nil)
        #expect(input.description.hasSuffix(": error: " + input.reason))
    }

    @Test func anEmptyFileSaysSoButALogOfBrokenSentencesIsALog() throws {
        let empty = try withFile("") { try drain($0) }
        #expect(empty?.reason == "no NMEA 0183 sentences: the input is empty")
        // Sentences with bad checksums are NMEA, badly received: the log finishes, its rejections summarised.
        let broken = try withFile(
            "$GPGGA,120000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00\r\n$GPRMC,garbage*11\r\n"
        ) { try drain($0) }
        #expect(broken == nil)
    }

    /// A binary file whose `$` bytes start candidates that all hold control or non-ASCII bytes is not a log
    /// (new-user trial, 7 Dec: `nmea:/usr/bin/ls` finished with 0 fixes and status 0); one accepted sentence, or a
    /// minority of such candidates, keeps it a log.
    @Test func aBinaryFileIsNotAnNMEALog() throws {
        var bytes: [UInt8] = []
        for index in 0..<40 { bytes += [0x7F, 0x45, UInt8(ascii: "$"), 0x00, UInt8(0x80 + index), 0xFF, 0x0A] }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-binary-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(try drain(url.path))
        #expect(
            error.reason
                == "no NMEA 0183 sentences: 40 of the 40 that began with $ or ! held control or non-ASCII bytes; "
                + "a binary file, not a log")
        let withASentence = try withFile(
            "$GPGSV,1,1,01,05,45,120,40*4B\r\n" + String(repeating: "$GP\u{1}GGA\r\n", count: 5)
        ) { try drain($0) }
        #expect(withASentence == nil)
    }

    /// A FIFO whose writer stays and sends no NMEA is judged on its first bytes, as a live stream is: it was read
    /// for ever (a new user's trial: `yes hello | corelocation --provider nmea:-`, `nmea:- < /dev/zero`).
    @Test(arguments: [("hello\n", "none began in the first"), ("$\u{1}\u{2}", "held control or non-ASCII bytes")])
    func aStreamThatGivesNoNMEAIsJudgedOnItsFirstBytes(_ unit: String, _ reason: String) throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("replay-fifo-\(UUID().uuidString)")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let source = try NMEAReplaySource(path: fifo.path)
        let writer = open(fifo.path, O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        defer { close(writer) }  // the writer stays until the end: the stream never ends by itself
        let bytes = Array(String(repeating: unit, count: 2 * NMEAInputCheck.liveSampleSize / unit.utf8.count).utf8)
        #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == bytes.count)
        let judged = DispatchSemaphore(value: 0)
        let outcome = Locked<ReplayInputError?>(nil)
        let reader = UncheckedBox(source)  // read on one thread; `interrupt()` may be called from any
        DispatchQueue.global().async {
            do {
                while try reader.value.next() != nil {}
            } catch {
                outcome.withLock { $0 = error as? ReplayInputError }
            }
            judged.signal()
        }
        let answered = judged.wait(timeout: .now() + 10) == .success
        if !answered { source.interrupt() }  // the read waits for more: let it go before failing
        #expect(answered)
        if !answered { judged.wait() }
        let error = try #require(outcome.withLock { $0 })
        #expect(error.source == fifo.path)
        #expect(error.reason.hasPrefix("no NMEA 0183 sentences: "))
        #expect(error.reason.contains(reason))
    }

    @Test func aLogWithSentencesButNoFixIsNotAnError() throws {
        // A valid GSV, and nothing else: the receiver saw satellites but had no fix yet.
        let error = try withFile("$GPGSV,1,1,01,05,45,120,40*4B\r\n") { try drain($0) }
        #expect(error == nil)
    }

    @Test func theProviderReportsTheInputErrorUnderItsCLError() throws {
        let failure = try withFile("not nmea at all\n") { path in
            let provider = try LocationProviders.provider(for: "nmea:\(path)?speed=max")
            let log = ErrorLog()
            provider.start(log.handler)
            let error = log.waitForFailure()
            provider.stop()
            return error
        }
        let error = try #require(failure)
        #expect(error.code == .network)
        let input = try #require(error.userInfo[NSUnderlyingErrorKey] as? ReplayInputError)
        #expect(input.reason == "no NMEA 0183 sentences: its line was rejected, none holds a sentence")
        #expect(error.description == "network: \(CLError.Code.network.meaningOnLinux): \(input)")
    }

    @Test func aMalformedGPXFailsWithItsLine() throws {
        let provider = try GPXReplay.provider(
            data: Data("<?xml version=\"1.0\"?>\n<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></gpx>".utf8),
            name: "bad.gpx", options: ReplayOptions(speed: .asFastAsPossible))
        let log = ErrorLog()
        provider.start(log.handler)
        let error = try #require(log.waitForFailure())
        provider.stop()
        let input = try #require(error.userInfo[NSUnderlyingErrorKey] as? ReplayInputError)
        #expect(input.source == "bad.gpx")
        #expect(input.line == 2)
        #expect(input.reason.hasPrefix("XML is not well-formed"))
    }
}

/// The first failure a provider reports.
private final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: CLError?
    private var ended = false
    private let arrived = DispatchSemaphore(value: 0)

    func handler(_ event: LocationProviderEvent) {
        switch event {
        case .failed(let error):
            lock.withLock {
                failure = error
                ended = true
            }
            arrived.signal()
        case .finished:
            lock.withLock { ended = true }
            arrived.signal()
        default: break
        }
    }

    /// Waits, in real time, for the replay on its own thread to fail or finish; the failure, if any.
    func waitForFailure(timeout: TimeInterval = 20) -> CLError? {
        _ = arrived.wait(timeout: .now() + timeout)
        return lock.withLock { failure }
    }
}
