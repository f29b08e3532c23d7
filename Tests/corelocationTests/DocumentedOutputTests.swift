import Foundation
import SharedTestSupport
import Testing

@testable import corelocation

/// Docs/CLI.md shows real output (issue 15's tester, item 16): its JSON Lines example lines are what the tool
/// writes for the commands it names.
@Suite struct DocumentedOutputTests {
    private static func example() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/CLI.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let schema = try #require(text.components(separatedBy: "### JSON Lines").dropFirst().first)
        let block = try #require(schema.components(separatedBy: "```json\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first).split(separator: "\n").map(String.init)
    }

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func theJSONLinesExampleIsRealOutput() async throws {
        let lines = try Self.example()
        #expect(lines.count == 3)
        let sample = try await Tool.run(["--provider", "sample:?speed=max", "--count", "1", "--format", "jsonl"])
        #expect(lines.contains(sample.output.trimmingCharacters(in: .newlines)))
        guard let logs = SharedData.folder("gpsd-logs") else { return }
        let bt451 = try await Tool.run(["--provider", "nmea:\(logs.path)/bt451.log?speed=max", "--format", "jsonl"])
        #expect(bt451.lines.contains(lines[0]))
    }

    /// Item 11: the exit-status table lists every status the tool can end with (74, 129 and 143 included).
    @Test func everyExitStatusIsInTheTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/CLI.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let table = try #require(text.components(separatedBy: "## Exit statuses").dropFirst().first)
        for status in ExitStatus.allCases {
            #expect(table.contains("\n| \(status.rawValue) | "), "\(status)")
        }
    }
}
