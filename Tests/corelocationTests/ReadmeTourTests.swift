import Foundation
import SharedTestSupport
import Testing

/// The README's tour works on a fresh machine with nothing configured, every line as printed, its output a pipe
/// (issue 15's tester, item 15; issue 28): each line ends by itself with status 0 and writes what it promises.
@Suite struct ReadmeTourTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The tour's command lines, as printed, without their comments.
    static func tour() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let tour = try #require(text.components(separatedBy: "## A one-minute tour").last)
        return tour.split(separator: "\n").prefix { !$0.hasPrefix("With a receiver") }.compactMap { line in
            guard line.hasPrefix("swift run corelocation") else { return nil }
            return line.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func everyLineRunsAsPrintedWithNothingConfigured() async throws {
        let lines = try Self.tour()
        #expect(lines.count == 9)
        // A folder of the test's own for walk.gpx and walk.svg, where Examples is the repository's.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Examples"),
            withDestinationURL: Self.root.appendingPathComponent("Examples"))
        var outputs: [String: ToolRun] = [:]
        for line in lines {
            // `swift run corelocation` is the tool the tests built; the rest of the line is the shell's, as printed.
            let command =
                "cd '\(folder.path)' && '\(Tool.executable.path)'" + line.dropFirst("swift run corelocation".count)
            let run = try await offThePool {
                Result { try Tool.runBlocking(["-c", command], executable: URL(fileURLWithPath: "/bin/sh")) }
            }.get()
            #expect(run.status == 0, "\(line): \(run.error)")
            // record and plot write files, and say so on standard error; every other line writes fixes.
            if !line.contains(" record ") && !line.contains(" plot ") { #expect(!run.output.isEmpty, "\(line)") }
            outputs[line] = run
        }
        #expect(outputs.values.contains { $0.error.contains("recorded 120 fixes") })
        #expect(outputs.values.contains { $0.error.contains("wrote walk.svg: 120 points, 120 accepted") })
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("walk.svg").path))
    }
}
