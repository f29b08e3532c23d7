import Foundation
import GPX
import SharedTestSupport
import Testing

/// `watch` into a file on a disk that fills up leaves whole records (issue 16, tester's finding 9).
///
/// Before, the file ended mid-record: GPX unclosed in the middle of a `<trkpt>`, JSON Lines and CSV mid-line. Now
/// the file is cut back to its last whole record, and a GPX document is closed after its last whole point. Tested on
/// a real full filesystem: a tmpfs of 16 KiB (``inSmallTmpfs(_:input:)``).
@Suite struct WatchFullDiskTests {
    /// Runs `watch --format format` into a file on a full 16 KiB tmpfs; the run's output is the file.
    private static func watchIntoFullDisk(_ format: String) async throws -> ToolRun {
        let input = try timedTrack(2_000)  // far more than a 16 KiB tmpfs holds in any format
        return try await inSmallTmpfs(
            """
            mount -t tmpfs -o size=16k tmpfs "$1" || exit 200
            "$2" watch --provider "gpx:$3?speed=max" --format \(format) > "$1/out"
            status=$?
            cat "$1/out"
            exit $status
            """, input: input.url)
    }

    @Test func gpxIsClosedAfterItsLastWholePoint() async throws {
        let run = try await Self.watchIntoFullDisk("gpx")
        #expect(!run.diedOfSignal, "signal \(run.status): \(run.error)")
        #expect(run.status == 74, "\(run.error)")
        #expect(run.error.contains("No space left on device"), "\(run.error)")
        #expect(run.output.hasSuffix("</trkpt>\n    </trkseg>\n  </trk>\n</gpx>\n"), "\(run.output.suffix(200))")
        let points = try GPXReader().readDocument(data: Data(run.output.utf8)).tracks.flatMap(\.segments)
            .flatMap(\.points)
        #expect(points.count > 10 && points.count < 2_000)
        #expect(points.last?.time == Date(timeIntervalSince1970: 1_704_067_200 + Double(points.count - 1)))
    }

    @Test(arguments: ["jsonl", "csv"])
    func linesAreWhole(_ format: String) async throws {
        let run = try await Self.watchIntoFullDisk(format)
        #expect(!run.diedOfSignal, "signal \(run.status): \(run.error)")
        #expect(run.status == 74, "\(run.error)")
        #expect(run.output.hasSuffix("\n"), "\(run.output.suffix(200))")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count > 10 && lines.count < 2_000)
        if format == "jsonl" {
            for line in lines {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
            }
        } else {
            let columns = lines.first?.split(separator: ",", omittingEmptySubsequences: false).count
            for line in lines {
                #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == columns, "\(line)")
            }
        }
    }
}
