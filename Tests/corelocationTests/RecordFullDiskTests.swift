import Foundation
import GPX
import SharedTestSupport
import Testing

/// Runs `script` with `sh` in a mount namespace of its own (`unshare -rm`), where `$1` is an empty directory to
/// mount a small tmpfs on, `$2` the built tool and `$3` a GPX input; waits for it off the cooperative pool.
///
/// - Throws: What ``Integration/stop(missing:sourceLocation:)`` throws when no tmpfs can be mounted here.
func inSmallTmpfs(_ script: String, input: URL) async throws -> ToolRun {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
        try Integration.stop(missing: "unshare (not installed: apt-get install util-linux)")
    }
    let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("tmpfs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: mountPoint) }
    let arguments = ["-rm", "sh", "-c", script, "sh", mountPoint.path, Tool.executable.path, input.path]
    let run = try await offThePool {
        Result { try Tool.runBlocking(arguments, executable: URL(fileURLWithPath: "/usr/bin/unshare")) }
    }.get()
    if run.status == 200 {
        try Integration.stop(missing: "a tmpfs mounted in a user namespace (refused here: \(run.error))")
    }
    return run
}

/// A GPX track of `count` timed points, 1 s apart from 2024-01-01T00:00:00Z, walking north from 46° N, 14.5° E.
func timedTrack(_ count: Int) throws -> TemporaryFile {
    let start = Date(timeIntervalSince1970: 1_704_067_200)
    let formatter = ISO8601DateFormatter()
    return try TemporaryFile.track(
        (0..<count).map { index in
            (
                String(format: "%.6f", 46 + Double(index) * 1e-5), "14.5", "300.5",
                formatter.string(from: start.addingTimeInterval(Double(index))), "0.9"
            )
        })
}

/// `record` onto a disk that fills up ends with exit 73 and a complete file, or no file at all.
///
/// Issue 16: `record` onto a disk that fills up left an invalid GPX file every time, and when not even the header
/// fit, a 0-byte file that made the next `record` refuse with "already exists". Tested on a real full filesystem:
/// a tmpfs of a few pages.
@Suite struct RecordFullDiskTests {
    /// 2,000 timed points, 1 s apart: far more than a 16 KiB tmpfs holds.
    private static func longTrack() throws -> TemporaryFile { try timedTrack(2_000) }

    @Test func aDiskThatFillsUpLeavesCompleteGPXAndExit73() async throws {
        let input = try Self.longTrack()
        let run = try await inSmallTmpfs(
            """
            mount -t tmpfs -o size=16k tmpfs "$1" || exit 200
            "$2" record "$1/track.gpx" --provider "gpx:$3?speed=max"
            status=$?
            cat "$1/track.gpx"
            exit $status
            """, input: input.url)
        #expect(!run.diedOfSignal, "signal \(run.status): \(run.error)")
        #expect(run.status == 73, "\(run.error)")
        #expect(run.error.contains("failed: "), "\(run.error)")
        #expect(run.error.contains("No space left on device"), "\(run.error)")
        let saved = try #require(
            run.error.firstMatch(of: /it holds the (\d+) fixes written before, as complete GPX/).flatMap { Int($0.1) },
            "\(run.error)")
        #expect(saved > 10 && saved < 2_000)
        #expect(run.error.contains("recorded \(saved) fixes"))
        #expect(run.output.hasSuffix("</trkseg>\n  </trk>\n</gpx>\n"))
        let points = try GPXReader().readDocument(data: Data(run.output.utf8)).tracks.flatMap(\.segments)
            .flatMap(\.points)
        #expect(points.count == saved)
        #expect(points.last?.time == Date(timeIntervalSince1970: 1_704_067_200 + Double(saved - 1)))
    }

    @Test func noRoomForTheHeaderLeavesNoFile() async throws {
        let input = try Self.longTrack()
        let run = try await inSmallTmpfs(
            """
            mount -t tmpfs -o size=4k tmpfs "$1" || exit 200
            head -c 4096 /dev/zero > "$1/filler"
            "$2" record "$1/track.gpx" --provider "gpx:$3?speed=max"
            first=$?
            [ -e "$1/track.gpx" ] && echo "file left behind" >&2
            "$2" record "$1/track.gpx" --provider "gpx:$3?speed=max"
            echo "second: $?" >&2
            exit $first
            """, input: input.url)
        #expect(!run.diedOfSignal, "signal \(run.status): \(run.error)")
        #expect(run.status == 73, "\(run.error)")
        #expect(run.error.contains("cannot create"), "\(run.error)")
        #expect(!run.error.contains("file left behind"))
        #expect(!run.error.contains("already exists"), "a second record must not find a leftover file")
        #expect(run.error.contains("second: 73"))
    }
}
