import Foundation
import GPX
import SharedTestSupport
import Testing

/// How a run of the tool ended after a signal, and what it wrote.
private struct SignalledRun: Sendable {
    var status: Int32
    var diedOfSignal: Bool
    var output: String
    var error: String
}

/// Runs the tool with `arguments`, standard output in a file, until `ready(output)` holds (polled every 20 ms, for
/// at most 30 s), then sends it `signal` and waits for it to end.
private func run(
    _ arguments: [String], signal number: Int32, when ready: @escaping @Sendable (String) -> Bool
) async throws -> SignalledRun {
    try await offThePool {
        Result { () throws -> SignalledRun in
            let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: outputURL) }
            let process = Tool.process(arguments)
            process.standardOutput = try FileHandle(forWritingTo: outputURL)
            let error = Pipe()
            process.standardError = error
            try process.run()
            let deadline = Date(timeIntervalSinceNow: 30)
            while process.isRunning, Date() < deadline,
                !ready(String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self))
            {
                usleep(20_000)
            }
            kill(process.processIdentifier, number)
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return SignalledRun(
                status: process.terminationStatus, diedOfSignal: process.terminationReason == .uncaughtSignal,
                output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                error: String(decoding: errorData, as: UTF8.self))
        }
    }.get()
}

/// SIGINT, SIGTERM and SIGHUP end `watch --format gpx` and `record` cleanly, with 128 + the signal.
///
/// Issue 16: `watch --format gpx` left its GPX on standard output unclosed on SIGTERM and SIGHUP (SIGINT closed it),
/// and `record` on SIGTERM printed no summary.
@Suite struct SignalEndingTests {
    /// A walk of 100 s, replayed in real time: the run is still going when the signal comes.
    private static func slowWalk() throws -> TemporaryFile {
        try TemporaryFile.track([
            ("45.7578300", "4.8320142", "170.6", "2026-05-14T08:30:00Z", "1.8"),
            ("45.7588300", "4.8320142", "170.6", "2026-05-14T08:31:40Z", "1.8"),
        ])
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130)] as [(Int32, Int32)])
    func watchFormatGPXClosesTheDocument(signal: Int32, status: Int32) async throws {
        let walk = try Self.slowWalk()
        let ended = try await run(
            ["watch", "--provider", "gpx:\(walk.url.path)?speed=1", "--format", "gpx"], signal: signal
        ) { $0.contains("</trkpt>") }
        #expect(!ended.diedOfSignal, "died of signal \(ended.status): \(ended.error)")
        #expect(ended.status == status, "\(ended.error)")
        #expect(ended.output.hasSuffix("</gpx>\n"))
        let points = try GPXReader().readDocument(data: Data(ended.output.utf8)).tracks.flatMap(\.segments)
            .flatMap(\.points)
        #expect(!points.isEmpty)
        // And it says what it wrote, as a provider's end does (issue 28: Ctrl-C on a live watch said nothing).
        let ending = [SIGTERM: "terminated", SIGHUP: "hung up", SIGINT: "interrupted"][signal] ?? ""
        let count = "\(points.count) \(points.count == 1 ? "fix" : "fixes")"
        #expect(ended.error.contains("gpx:\(walk.url.path)?speed=1 \(ending): \(count) written in "), "\(ended.error)")
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func recordFinishesTheFileAndSaysSo(signal: Int32, status: Int32) async throws {
        let walk = try Self.slowWalk()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("signal-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: file) }
        let path = file.path
        let ended = try await run(
            ["record", path, "--provider", "gpx:\(walk.url.path)?speed=1"], signal: signal
        ) { _ in (try? String(contentsOfFile: path, encoding: .utf8))?.contains("</trkpt>") == true }
        #expect(!ended.diedOfSignal, "died of signal \(ended.status): \(ended.error)")
        #expect(ended.status == status, "\(ended.error)")
        let points = try GPXReader().readDocument(contentsOf: file).tracks.flatMap(\.segments).flatMap(\.points)
        #expect(!points.isEmpty)
        #expect(
            ended.error.contains("recorded \(points.count) \(points.count == 1 ? "fix" : "fixes")"), "\(ended.error)")
    }
}
