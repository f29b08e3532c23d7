import Foundation
import GPX
import LinuxCoreLocation
import Testing

/// `record` of a replay played N times faster writes speeds that agree with its times and distances.
@Suite struct RecordCommandTests {
    @Test func aFasterReplayIsRecordedWithConsistentSpeeds() async throws {
        // 9 s of walking (≈ 31 m), played at 8x: about 1.1 s, a fix every 0.125 s.
        let walk = try TemporaryFile.track([
            ("45.7578300", "4.8320142", "170.6", "2026-05-14T08:30:00Z", "1.8"),
            ("45.7579102", "4.8320303", "170.7", "2026-05-14T08:30:03Z", "2.1"),
            ("45.7581102", "4.8320303", "170.7", "2026-05-14T08:30:09Z", "2.1"),
        ])
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await Tool.run(["record", output.path, "--provider", "gpx:\(walk.url.path)?speed=8"])
        #expect(run.status == 0)
        let points = try GPXReader().readDocument(contentsOf: output).tracks.flatMap(\.segments).flatMap(\.points)
        #expect(points.count == 10)
        let times = points.compactMap(\.time)
        let elapsed = try #require(times.last).timeIntervalSince(try #require(times.first))
        #expect(elapsed > 0.9 && elapsed < 2.5)  // 9 s at 8x, with the timers' slack
        let distance = zip(points, points.dropFirst()).map { first, second in
            CLLocation(latitude: first.latitude, longitude: first.longitude).distance(
                from: CLLocation(latitude: second.latitude, longitude: second.longitude))
        }.reduce(0, +)
        let speeds = points.dropLast().compactMap(\.speed)
        #expect(speeds.count == 9)
        let meanSpeed = speeds.reduce(0, +) / Double(speeds.count)
        // The recorded speed is 8 times the walk's (≈ 3.4 m/s), as the times and distances say.
        #expect(meanSpeed > 20 && meanSpeed < 35)
        #expect(abs(meanSpeed - distance / elapsed) / meanSpeed < 0.35)
    }
}
