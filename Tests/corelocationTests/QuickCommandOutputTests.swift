import Foundation
import SharedTestSupport
import Testing

/// Issue 16's tester, items 10, 11, 14 and 17: the quick commands report a standard output they cannot write,
/// `plot` ends quietly when its reader closes the pipe, `plot` of a GPX says what it skipped, and `record ""` is a
/// usage error.
@Suite struct QuickCommandOutputTests {
    @Test(arguments: [["--help"], ["--version"], ["providers"], ["watch", "--help"], ["help", "once"]])
    func aFullOrClosedOutputIsStatus74(_ arguments: [String]) async throws {
        for (redirection, reason) in [(">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            let ended = try await OutputFailureTests.run(arguments, redirections: redirection)
            #expect(ended.status == 74, "\(arguments) \(redirection)")
            #expect(ended.error == "corelocation: error: cannot write to standard output: \(reason)\n")
        }
    }

    @Test func plotEndsQuietlyWhenItsReaderCloses() async throws {
        let track = try PlotPictureTests.track(count: 2000)
        // As `| head -c 100` does: read 100 bytes, then close the pipe while the tool still writes.
        let ended = try await offThePool {
            Result { () throws -> ToolRun in
                let process = Tool.process(["plot", track.url.path, "-o", "-"])
                let output = Pipe()
                let error = Pipe()
                process.standardOutput = output
                process.standardError = error
                try process.run()
                _ = try output.fileHandleForReading.read(upToCount: 100)
                try output.fileHandleForReading.close()
                let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return ToolRun(status: process.terminationStatus, output: "", error: text)
            }
        }.get()
        #expect(ended.status == 0)
        #expect(!ended.error.contains("error"), "\(ended.error)")
    }

    @Test func plotOfAGPXSaysWhatItSkipped() async throws {
        let gpx = try TemporaryFile(
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="45" lon="4"/><trkpt lat="north" lon="4"/><trkpt lat="45.001" lon="4"/>
            </trkseg></trk></gpx>
            """, suffix: ".gpx")
        let run = try await Tool.run(["plot", gpx.url.path, "-o", "-"])
        #expect(run.status == 0)
        #expect(
            run.error.contains(
                "\(gpx.url.path): warning: skipped 1 invalid point and dropped 0 invalid values; first: "))
        #expect(try PlotParts.parse(run.output).fixes.count == 2)
    }

    @Test func recordWithAnEmptyNameIsAUsageError() async throws {
        let run = try await Tool.run(["record", ""])
        #expect(run.status == 64)
        #expect(
            run.error.hasPrefix("corelocation: error: record needs a file name, found \"\"; e.g. record walk.gpx\n"))
    }
}
