import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import corelocation

/// Counts read as English (issue 15's tester, item 20): `1 fix`, `1 heading`, and a command that writes visits
/// sums up its visits — in every ending (a new user's trial: `heading` finished with `0 fixes`, `visits`
/// interrupted with `0 fixes`, `record`'s live line said `1 fixes`).
@Suite struct SummaryTextTests {
    @Test func countsAreSingularForOne() {
        #expect(Numbers.count(1, "fix", plural: "fixes") == "1 fix")
        #expect(Numbers.count(2, "fix", plural: "fixes") == "2 fixes")
        #expect(Numbers.count(1, "region event") == "1 region event")
        #expect(Numbers.count(0, "visit") == "0 visits")
    }

    @Test @MainActor func theWritersSummaryNamesWhatWasWritten() {
        let output = StandardOutput(descriptor: FileHandle.nullDevice.fileDescriptor)
        output.onFailure = { _ in }
        let writer = EventWriter(format: .jsonLines, output: output)
        #expect(writer.summary() == "0 fixes")
        #expect(writer.summary(nothing: "visit") == "0 visits")
        let fix = CLLocation(latitude: 1, longitude: 2)
        writer.write(.location(fix))
        writer.write(.heading(CLHeading(magneticHeading: 1, trueHeading: 1, headingAccuracy: 1, timestamp: Date())))
        #expect(writer.summary(nothing: "visit") == "1 fix, 1 heading")
        writer.write(.location(fix))
        #expect(writer.summary() == "2 fixes, 1 heading")
    }

    /// A run ended by `--duration` or `--count` writes the summary line as a replay's end and a signal do, naming the
    /// provider as typed (`fixed:1,2`, not `fixed:1.0,2.0,5.0`).
    ///
    /// The trial of the tool: `--duration` ended with no line, unlike the other ends.
    @Test(arguments: [
        (["watch", "--provider", "fixed:1,2"], "fixed:1,2 reached --duration: 1 fix written in "),
        // A trial of the tool: `--count` ended with no line, unlike the other ends.
        (["watch", "--provider", "fixed:1,2", "--count", "1"], "fixed:1,2 reached --count: 1 fix written in "),
        (
            ["monitor", "--provider", "fixed:1,2", "--region", "1,2,100"],
            "reached --duration: 1 region event written in "
        ),
    ])
    func aRunEndedByItsDurationSumsUp(_ words: [String], _ summary: String) async throws {
        let run = try await Tool.run(words + ["--duration", "1", "--format", "jsonl"])
        #expect(run.status == 0)
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 1, "\(run.error)")
        #expect(lines.first?.hasPrefix("corelocation: ") == true)
        #expect(lines.first?.contains(summary) == true, "\(run.error)")
        #expect(lines.first?.hasSuffix(" s") == true)
    }

    @Test func visitsSumUpVisits() async throws {
        let run = try await Tool.run(["visits", "--provider", "sample:?speed=max"])
        #expect(run.status == 0)
        #expect(run.error.contains("sample:?speed=max finished: 0 visits written in "))
    }

    @Test func oneHeadingReadsSingular() async throws {
        let log = try TemporaryFile(
            "$GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,010120,,,A*5D\n$HEHDT,123.4,T*2B\n", suffix: ".nmea")
        let run = try await Tool.run(["heading", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "jsonl"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("finished: 1 heading written in "))
    }

    /// `heading --count` sums up as `watch --count` does (a trial of the tool: neither wrote a line).
    @Test func aHeadingRunEndedByItsCountSumsUp() async throws {
        let log = try TemporaryFile(
            "$GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,010120,,,A*5D\n$HEHDT,123.4,T*2B\n", suffix: ".nmea")
        let uri = "nmea:\(log.url.path)?speed=max"
        let run = try await Tool.run(["heading", "--provider", uri, "--format", "jsonl", "--count", "1"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("\(uri) reached --count: 1 heading written in "), "\(run.error)")
    }

    @Test func noHeadingReadsHeadings() async throws {
        let log = try TemporaryFile(
            "$GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,010120,,,A*5D\n", suffix: ".nmea")
        let run = try await Tool.run([
            "heading", "--provider", "nmea:\(log.url.path)?speed=max&heading", "--format", "jsonl",
        ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("finished: 0 headings written in "), "\(run.error)")
    }

    /// Ctrl-C ends `visits` with a summary of visits, as its provider's end does.
    @Test func visitsInterruptedSumUpVisits() async throws {
        let error = try await offThePool {
            Result { () throws -> String in
                let process = Tool.process(["visits", "--provider", "sample:"])
                let error = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = error
                try process.run()
                let deadline = Date(timeIntervalSinceNow: 30)
                while process.isRunning, Date() < deadline, !Tool.catches(SIGINT, pid: process.processIdentifier) {
                    usleep(20_000)
                }
                kill(process.processIdentifier, SIGINT)
                let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return text
            }
        }.get()
        #expect(error.contains("sample: interrupted: 0 visits written in "), "\(error)")
    }

    @Test func recordsLiveLineCountsOneFix() {
        #expect(RecordCommand.status(fixes: 1, distance: 12.4, since: Date()) == "1 fix  12 m  0 s")
        #expect(RecordCommand.status(fixes: 2, distance: 0, since: Date()) == "2 fixes  0 m  0 s")
    }
}
