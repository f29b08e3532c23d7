import Foundation
import Testing

/// The README's tour works on a fresh machine, with nothing configured (issue 15's tester, item 15): its `record`
/// line records the sample and its `plot` line draws that recording.
@Suite struct ReadmeTourTests {
    /// The tour's commands, as written after `swift run corelocation`, without their comments.
    private static func tour() throws -> [[String]] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let tour = try #require(text.components(separatedBy: "## A 60-second tour").last)
        return tour.split(separator: "\n").prefix { !$0.hasPrefix("Every command") }.compactMap { line in
            guard line.hasPrefix("swift run corelocation ") else { return nil }
            let command = line.dropFirst("swift run corelocation ".count).components(separatedBy: "#")[0]
            return command.split(separator: " ").map(String.init)
        }
    }

    @Test func recordThenPlotWorkWithNothingConfigured() async throws {
        let commands = try Self.tour()
        var record = try #require(commands.first { $0.first == "record" })
        var plot = try #require(commands.first { $0.first == "plot" })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The same files in a folder of the test's own, and the sample as fast as possible instead of in real time.
        func place(_ words: [String]) -> [String] {
            words.map {
                $0.hasPrefix("walk.")
                    ? folder.appendingPathComponent($0).path : $0 == "sample:" ? "sample:?speed=max" : $0
            }
        }
        (record, plot) = (place(record), place(plot))
        let recorded = try await Tool.run(record)
        #expect(recorded.status == 0, "\(record): \(recorded.error)")
        #expect(recorded.error.contains("recorded 120 fixes"))
        let drawn = try await Tool.run(plot)
        #expect(drawn.status == 0, "\(plot): \(drawn.error)")
        #expect(drawn.error.contains("120 points, 120 accepted"))
    }
}
