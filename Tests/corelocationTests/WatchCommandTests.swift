import Foundation
import GPX
import Testing

@Suite struct WatchCommandTests {
    /// The sample track, read independently of the tool.
    static func samplePoints() throws -> [GPXPoint] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/corelocation/Resources/SampleTrack.gpx")
        return try GPXReader().readDocument(contentsOf: url).tracks.flatMap(\.segments).flatMap(\.points)
    }

    /// A trial of the tool: `--count 3` with `fixed:`, which delivers one fix, printed it and then waited for ever.
    @Test func aCountAFixedLocationCannotReachIsRefused() async throws {
        // --duration bounds the run without the check (it then ended after 5 s with one fix, status 0).
        let run = try await Tool.run(["watch", "--provider", "fixed:1,2", "--count", "3", "--duration", "5"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error.hasPrefix(
                "corelocation: error: --count 3: fixed:1,2 delivers one fix, so a second would never come; leave out "
                    + "--count, or give --count 1\n"), "\(run.error)")
        let one = try await Tool.run(["watch", "--provider", "fixed:1,2", "--count", "1", "--format", "csv"])
        #expect(one.status == 0)
        #expect(one.lines.count == 2)  // the header and the fix
    }

    /// An accuracy filter that drops a fixed location's one fix is refused with `--count 1` too.
    ///
    /// It waited for ever. Both refusals name `CORELOCATION_PROVIDER` when the provider came from it. A filter the
    /// fix passes still runs.
    @Test func aFilterThatDropsTheFixedFixIsRefusedWithACount() async throws {
        let run = try await Tool.run(
            ["watch", "--count", "1", "--accuracy-filter", "4"],
            environment: ["CORELOCATION_PROVIDER": "fixed:1,2,4.25"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error.hasPrefix(
                "corelocation: error: --accuracy-filter 4: the one fix of fixed:1,2,4.25 (CORELOCATION_PROVIDER) is "
                    + "±4.25 m, so the filter drops it and --count 1 is never reached; give --accuracy-filter 4.25 or "
                    + "more, or leave out --count\n"), "\(run.error)")
        let count = try await Tool.run(["watch", "--count", "2"], environment: ["CORELOCATION_PROVIDER": "fixed:1,2"])
        #expect(count.status == 64)
        #expect(count.error.hasPrefix("corelocation: error: --count 2: fixed:1,2 (CORELOCATION_PROVIDER) delivers"))
        let passes = try await Tool.run(
            ["watch", "--provider", "fixed:1,2,4.25", "--count", "1", "--accuracy-filter", "4.25", "--format", "csv"])
        #expect(passes.status == 0)
        #expect(passes.lines.count == 2)
    }

    /// A replay that fails after writing fixes or region events says how many it wrote before the error, as `record`
    /// does.
    ///
    /// A trial of the tool: a GPX file cut short replays its points and then fails, and `watch` said only the error.
    /// Nothing is said before an error that came first.
    @Test func aFailureAfterFixesSaysHowManyWereWritten() async throws {
        let cut = try TemporaryFile(
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\n"
                + "<trkpt lat=\"1\" lon=\"2\"><time>2026-01-01T00:00:00Z</time></trkpt>\n"
                + "<trkpt lat=\"1.001\" lon=\"2\"><time>2026-01-01T00:00:01Z</time></trkpt>\n<trkpt lat", suffix: ".gpx"
        )
        let uri = "gpx:\(cut.url.path)?speed=max"
        let run = try await Tool.run(["watch", "--provider", uri, "--format", "csv"])
        #expect(run.status == 65)
        #expect(run.lines.count == 3)  // the header and both fixes
        let said = run.error.split(separator: "\n").map(String.init)
        #expect(said.count == 2, "\(run.error)")
        #expect(said.first?.hasPrefix("corelocation: \(uri) stopped: 2 fixes written in ") == true, "\(run.error)")
        #expect(said.last?.hasPrefix("corelocation: error: invalid input from \(uri): line 5: ") == true)
        // monitor counts region events (a trial of the tool: it said nothing before the error).
        let monitor = try await Tool.run(["monitor", "--provider", uri, "--region", "1,2,1000", "--format", "jsonl"])
        #expect(monitor.status == 65)
        #expect(
            monitor.error.split(separator: "\n").first?.hasPrefix(
                "corelocation: \(uri) stopped: 1 region event written in ") == true, "\(monitor.error)")
        let passwd = try await Tool.run(["watch", "--provider", "gpx:/etc/passwd"])
        #expect(passwd.status == 65)
        #expect(passwd.error.split(separator: "\n").count == 1, "\(passwd.error)")
    }

    @Test func sampleTrackAsJSONLines() async throws {
        let run = try await Tool.run(["watch", "--count", "3", "--format", "jsonl"])
        #expect(run.status == 0)
        #expect(run.error.contains("embedded sample track"))
        let objects = try run.jsonObjects()
        let points = try Self.samplePoints()
        #expect(objects.count == 3)
        for (object, point) in zip(objects, points) {
            #expect(object["type"] as? String == "location")
            #expect(object["latitude"] as? Double == point.latitude)
            #expect(object["longitude"] as? Double == point.longitude)
            #expect(object["altitude"] as? Double == point.elevation)
            // Issue 15's tester, item 25: the sample plays in real time, with the speeds it was recorded with.
            #expect(object["speed"] as? Double == point.speed)
            #expect(object["course"] as? Double == point.course)
            #expect(object["speedAccuracy"] as? Double == -1)
        }
        let line = run.lines[0]
        let keyPattern = try NSRegularExpression(pattern: "\"([A-Za-z]+)\":")
        let keys = keyPattern.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap {
            Range($0.range(at: 1), in: line).map { String(line[$0]) }
        }
        #expect(
            keys == [
                "type", "timestamp", "latitude", "longitude", "altitude", "ellipsoidalAltitude", "horizontalAccuracy",
                "verticalAccuracy", "speed", "speedAccuracy", "course", "courseAccuracy", "source",
            ])
        #expect(objects.allSatisfy { $0["source"] as? String == "sample" })
    }

    @Test func fixedProviderWithFormatString() async throws {
        let run = try await Tool.run(
            [
                "--provider", "fixed:48.8584,2.2945,7", "--count", "1", "--format-string",
                "%latitude;%longitude;%h_accuracy%%",
            ])
        #expect(run.status == 0)
        #expect(run.output == "48.8584;2.2945;7.0%\n")
    }

    @Test func csvHasAHeaderAndOneRowPerFix() async throws {
        let run = try await Tool.run(["--count", "2", "--format", "csv"])
        #expect(run.status == 0)
        #expect(run.lines.count == 3)
        #expect(run.lines[0].hasPrefix("timestamp,latitude,longitude,altitude,"))
        #expect(run.lines[0].hasSuffix(",course_accuracy,source"))  // the sample's fixes say so
        #expect(run.lines[1].split(separator: ",").count == 12)
        #expect(run.lines[1].hasSuffix(",sample"))
    }

    @Test func gpxOutputIsAWellFormedTrack() async throws {
        let run = try await Tool.run(["--count", "4", "--format", "gpx"])
        #expect(run.status == 0)
        let document = try GPXReader().readDocument(data: Data(run.output.utf8), sourceName: "stdout")
        #expect(document.tracks.flatMap(\.segments).flatMap(\.points).count == 4)
    }

    @Test func deniedAuthorizationExitsWithStatusThree() async throws {
        let run = try await Tool.run(["--count", "1"], environment: ["CORELOCATION_AUTHORIZATION": "denied"])
        #expect(run.status == 3)
        #expect(run.error.contains("denied"))
    }

    @Test func versionAndHelp() async throws {
        #expect(try await Tool.run(["--version"]).output.hasPrefix("corelocation "))
        let help = try await Tool.run(["watch", "--help"])
        #expect(help.status == 0 && help.output.contains("--format-string"))
    }

    @Test func badProviderURIIsAUsageError() async throws {
        let run = try await Tool.run(["--provider", "warp:9"])
        #expect(run.status == 64)
        #expect(run.error.contains("no provider for scheme \"warp\""))
    }
}
