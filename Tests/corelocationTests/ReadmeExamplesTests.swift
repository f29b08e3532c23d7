import Foundation
import SharedTestSupport
import Testing

/// README.md's programs are the files under `Examples/`, whole, and do what the README says when their output is a
/// pipe; the drive under `Examples/Data` is what the tool makes of its embedded sample (issue 28).
@Suite struct ReadmeExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func executable(_ name: String) -> URL {
        Tool.executable.deletingLastPathComponent().appendingPathComponent(name)
    }

    @Test(arguments: ["Examples/Tracker/main.swift", "Examples/WhereAmI/main.swift"])
    func theReadmeShowsTheWholeProgram(_ path: String) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let program = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(readme.contains("```swift\n" + program + "```\n"), "README.md must show \(path) as it is")
    }

    @Test func theTrackerPrintsFiveFixesAndEnds() async throws {
        let drive = Self.root.appendingPathComponent("Examples/Data/lyon-drive.nmea").path
        let run = try await offThePool {
            Result {
                try Tool.runBlocking(
                    [], environment: ["CORELOCATION_PROVIDER": "nmea:\(drive)?speed=10"],
                    executable: Self.executable("example-tracker"))
            }
        }.get()
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lines.count == 5)
        #expect(run.lines.first?.hasPrefix("<+45.75783000,+4.83201420> +/- 9.00m") == true)
    }

    @Test func whereAmIPrintsThreeLinesAndEnds() async throws {
        let run = try await offThePool {
            Result { try Tool.runBlocking([], executable: Self.executable("example-where-am-i")) }
        }.get()
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "block: 48.8584,2.2945 ±9.0 m\nrequest: success 48.8584\nstream: 48.8584,2.2945 ±8.0 m\n")
    }

    /// `Scripts/make-examples.sh` made them; a change of the sample, `--format nmea` or `record` shows here.
    @Test func theExampleDriveIsWhatTheToolMakesOfTheSample() async throws {
        let data = Self.root.appendingPathComponent("Examples/Data")
        let nmea = try await Tool.run(["--provider", "sample:?speed=max", "--format", "nmea"])
        #expect(nmea.status == 0)
        #expect(
            nmea.output == (try String(contentsOf: data.appendingPathComponent("lyon-drive.nmea"), encoding: .utf8)))
        let gpx = FileManager.default.temporaryDirectory.appendingPathComponent("lyon-drive-\(UUID()).gpx")
        defer { try? FileManager.default.removeItem(at: gpx) }
        let record = try await Tool.run(["record", gpx.path, "--provider", "sample:?speed=max"])
        #expect(record.status == 0)
        #expect(try Data(contentsOf: gpx) == Data(contentsOf: data.appendingPathComponent("lyon-drive.gpx")))
    }
}
