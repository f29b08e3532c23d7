import Foundation
import Testing

/// A GPX read from a pipe is replayed like the same file (issue 16's tester: `cat t.gpx | corelocation watch
/// --provider gpx:/dev/stdin` failed "no root element": the replay scans the document before its pass, and the scan
/// had taken the pipe's bytes).
@Suite struct GPXPipeInputTests {
    private static let track = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="48.8584" lon="2.2945"><ele>35</ele><time>2020-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="48.8590" lon="2.2950"><ele>36</ele><time>2020-01-01T00:00:10Z</time></trkpt>
        <trkpt lat="48.8600" lon="2.2960"><ele>37</ele><time>2020-01-01T00:00:20Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    /// Runs `corelocation ARGUMENTS` with the track on standard input through `cat` and a pipe.
    private static func piped(_ file: URL, _ arguments: [String]) throws -> ToolRun {
        let quoted = ([Tool.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Tool.runBlocking(
            ["-c", "cat '\(file.path)' | exec \(quoted)"], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test func aPipeGivesTheFilesFixes() async throws {
        let track = try TemporaryFile(Self.track, suffix: ".gpx")
        let direct = try await Tool.run(["watch", "--provider", "gpx:\(track.url.path)?speed=max", "--format", "csv"])
        #expect(direct.status == 0, "\(direct.error)")
        #expect(direct.lines.count > 3, "\(direct.output)")  // a header and at least the three points

        for path in ["/dev/stdin", "-"] {
            let piped = try Self.piped(track.url, ["watch", "--provider", "gpx:\(path)?speed=max", "--format", "csv"])
            #expect(piped.status == 0, "\(piped.error)")
            #expect(piped.output == direct.output, "gpx:\(path)")
        }
    }

    /// `gpx:-` is standard input, as in `nmea:-` (a trial of the tool: it was refused, saying a GPX replay cannot
    /// read standard input, though `gpx:/dev/stdin` did); `once` takes its fix from it too.
    @Test func theDashIsStandardInput() async throws {
        let track = try TemporaryFile(Self.track, suffix: ".gpx")
        let once = try Self.piped(track.url, ["once", "--provider", "gpx:-?speed=max", "--accuracy", "any"])
        #expect(once.status == 0, "\(once.error)")
        #expect(once.output.contains(#""latitude":48.8584"#), "\(once.output)")
    }

    /// A looping replay of a pipe plays the document again from memory.
    @Test func aLoopingReplayOfAPipeStartsAgain() async throws {
        let track = try TemporaryFile(Self.track, suffix: ".gpx")
        let direct = try await Tool.run(
            ["watch", "--provider", "gpx:\(track.url.path)?speed=max", "--format", "jsonl"])
        let once = try direct.jsonObjects().count
        let piped = try Self.piped(
            track.url,
            ["watch", "--provider", "gpx:/dev/stdin?speed=max&loop", "--format", "jsonl", "--count", "\(once + 2)"])
        #expect(piped.status == 0, "\(piped.error)")
        let latitudes = try piped.jsonObjects().map { $0["latitude"] as? Double }
        #expect(latitudes.count == once + 2)
        #expect(latitudes.suffix(2) == latitudes.prefix(2))
    }
}
