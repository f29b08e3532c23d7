import Foundation
import GPX
import LinuxCoreLocation
import SharedTestSupport
import Testing

/// `record` of a replay played N times faster writes speeds that agree with its times and distances.
@Suite struct RecordCommandTests {
    @Test func aFasterReplayIsRecordedWithConsistentSpeeds() async throws {
        // 9 s of walking (≈ 31 m), played at 8x: a fix every 0.125 s.
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
        #expect(points.count == 10)  // one fix a second of the walk's 9 s
        // Stamped as delivered, in order (how far apart depends on the timers, so it is not asserted here: the
        // pacing itself is ReplayProviderTests' and ReplaySpeedTests', on a manual clock).
        let times = points.compactMap(\.time)
        #expect(times.count == 10 && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        // Speeds 8 times the walk's on each leg, as the distance over the compressed time says: 9.0 m in 3 s, then
        // 22.2 m in 6 s (the replay moves at constant speed along each leg).
        func metres(_ from: (Double, Double), _ to: (Double, Double)) -> Double {
            CLLocation(latitude: from.0, longitude: from.1).distance(from: CLLocation(latitude: to.0, longitude: to.1))
        }
        let firstLeg = metres((45.7578300, 4.8320142), (45.7579102, 4.8320303)) / 3 * 8
        let secondLeg = metres((45.7579102, 4.8320303), (45.7581102, 4.8320303)) / 6 * 8
        let speeds = points.dropLast().compactMap(\.speed)
        #expect(speeds.count == 9)
        for (index, speed) in speeds.enumerated() {
            let expected = index < 3 ? firstLeg : secondLeg
            #expect(abs(speed - expected) < 0.01, "fix \(index): \(speed) m/s, expected \(expected)")
        }
    }

    /// On a terminal the live line's last state is the summary's count (issue 28: it read 60 fixes, then 61).
    ///
    /// Run under `script`, which gives the tool a pseudo-terminal.
    @Test(Integration.needs(.program("script", package: "bsdutils"))) func theLiveLineEndsOnTheSummarysCount()
        async throws
    {
        guard let script = Integration.executable("script") else {
            return Integration.recordMissing(.program("script", package: "bsdutils"))
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: output) }
        let command = "'\(Tool.executable.path)' record '\(output.path)' --provider 'sample:?speed=50'"
        let run = try await offThePool {
            Result {
                try Tool.runBlocking(
                    ["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: script))
            }
        }.get()
        #expect(run.status == 0)
        // Everything the terminal got: live states each after a CR, the last one ended by a line end, then the
        // summary. (CR LF is one Character: line ends are made LF first.)
        let states = run.output.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\r")
            .map { $0.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces) }
        let last = try #require(states.last { $0.hasSuffix(" m") && $0.contains(" fixes  ") })
        #expect(last.hasPrefix("120 fixes  1033 m  "))
        #expect(run.output.contains("recorded 120 fixes, 1033 m, in "))
    }
}
