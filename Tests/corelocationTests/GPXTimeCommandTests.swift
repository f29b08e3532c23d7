import Foundation
import GPX
import Testing

/// A fix with a time GPX cannot hold does not kill the tool.
///
/// Issue 16: a gpsd `time` of 1e16 s (or 2^64 − 1 s) killed `record` and `watch --format gpx` on a trap in the GPX
/// timestamp formatter. Whether the provider drops such a fix or the GPX writer refuses it, the tool lives on and
/// writes valid GPX holding the fix that has a real time.
@Suite struct GPXTimeCommandTests {
    private static let reports = [
        #"{"class":"TPV","device":"/dev/fake","mode":3,"time":1e16,"lat":48.8584,"lon":2.2945,"alt":35.0}"#,
        #"{"class":"TPV","device":"/dev/fake","mode":3,"time":18446744073709551615,"lat":48.8584,"lon":2.2945}"#,
        #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"2024-01-01T00:00:00.000Z","lat":48.8585,"lon":2.2946}"#,
    ]

    @Test func watchFormatGPXLivesOn() async throws {
        let gpsd = try ScriptedGPSD(lines: Self.reports)
        let run = try await Tool.run(["watch", "--provider", gpsd.uri, "--format", "gpx", "--duration", "3"])
        #expect(!run.diedOfSignal, "signal \(run.status): \(run.error)")
        #expect(run.status == 0, "\(run.error)")
        let points = try GPXReader().readDocument(data: Data(run.output.utf8)).tracks.flatMap(\.segments)
            .flatMap(\.points)
        #expect(points.map(\.latitude) == [48.8585])
    }

    @Test func recordLivesOn() async throws {
        let gpsd = try ScriptedGPSD(lines: Self.reports)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("time-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await Tool.run(["record", output.path, "--provider", gpsd.uri, "--duration", "3"])
        #expect(!run.diedOfSignal, "signal \(run.status): \(run.error)")
        #expect(run.status == 0, "\(run.error)")
        let points = try GPXReader().readDocument(contentsOf: output).tracks.flatMap(\.segments).flatMap(\.points)
        #expect(points.map(\.latitude) == [48.8585])
    }
}
