import Foundation
import GPX
import SharedTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct CommandTests {
    @Test func onceSucceedsWithAFixMeetingTheLevel() async throws {
        let run = try await Tool.run(["once", "--accuracy", "house", "--format", "jsonl", "--provider", "sample:"])
        #expect(run.status == 0)
        let objects = try run.jsonObjects()
        #expect(objects.count == 1)
        let accuracy = try #require(objects.first?["horizontalAccuracy"] as? Double)
        #expect(accuracy <= 15)
    }

    @Test func onceTimesOutWithStatusTwoAndPrintsTheBestFix() async throws {
        // A fixed location known to 7 m, delivered at once: never good enough for room (5 m).
        let run = try await Tool.run([
            "once", "--accuracy", "room", "--timeout", "1", "--format", "jsonl", "--provider", "fixed:48.8584,2.2945,7",
        ])
        #expect(run.status == 2)
        #expect(
            run.error.contains(
                "error: no fix met the room level (≤5.0 m, ≤5.0 s old) within 1.0 s; printed the most accurate one seen"
            ))
        let objects = try run.jsonObjects()
        #expect(objects.count == 1)
        #expect(objects.first?["horizontalAccuracy"] as? Double == 7)
    }

    @Test func onceDeniedExitsWithStatusThree() async throws {
        let run = try await Tool.run(
            ["once", "--provider", "sample:"], environment: ["CORELOCATION_AUTHORIZATION": "denied"])
        #expect(run.status == 3)
        #expect(try run.jsonObjects().map { $0["type"] as? String } == ["error"])  // JSON Lines: no fix, the error
    }

    @Test func monitorReportsStateEnterAndExit() async throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/corelocation/Resources/SampleTrack.gpx")
        // A 60 m circle the sample drive passes through about 17 s after it starts.
        let run = try await Tool.run([
            "monitor", "--region", "45.7585,4.8322,60,corner", "--format", "jsonl",
            "--provider", "gpx:\(sample.path)?speed=max",
        ])
        #expect(run.status == 0)
        let events = try run.jsonObjects().map {
            "\($0["event"] ?? "")/\($0["state"] ?? "-")/\($0["identifier"] ?? "")"
        }
        #expect(
            events == [
                "state/outside/corner", "state/inside/corner", "enter/-/corner", "state/outside/corner",
                "exit/-/corner",
            ])
    }

    @Test(Integration.needs(.sharedData("gpx"))) func recordThenReadBack() async throws {
        guard let gpx = SharedData.folder("gpx") else { return }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: output) }
        let input = gpx.appendingPathComponent("garmin-activity.gpx")
        let run = try await Tool.run(["record", output.path, "--provider", "gpx:\(input.path)?speed=max"])
        #expect(run.status == 0)
        let written = try GPXReader().readDocument(contentsOf: output).tracks.flatMap(\.segments).flatMap(\.points)
        let original = try GPXReader().readDocument(contentsOf: input).tracks.flatMap(\.segments).flatMap(\.points)
        #expect(written.count == 5499)  // one fix a second over the activity (see GPXReplayRealFileTests)
        #expect(abs((written.first?.latitude ?? 0) - (original.first?.latitude ?? 1)) < 1e-8)
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(run.error.contains("recorded 5499 fixes"))
    }

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func plotWritesWellFormedSVGWithOneCirclePerFix() async throws {
        guard let logs = SharedData.folder("gpsd-logs") else { return }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await Tool.run([
            "plot", logs.appendingPathComponent("bt451.log").path, "-o", output.path,
            "--accuracy-filter", "10",
        ])
        #expect(run.status == 0)
        let counter = SVGCounter()
        let parser = XMLParser(data: try Data(contentsOf: output))
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.accepted + counter.filtered == 15)
        // The eight fixes of ±13.6 m (HDOP 2.72 × 5 m) are drawn as filtered; the first, a GLL without a dilution
        // of its own, has the nominal 5 m (it had ±499.95 m from a no-fix GSA's placeholder before afa1f4d).
        #expect(counter.filtered == 8)
        #expect(counter.polylines == 1)
        #expect(run.error.contains("wrote \(output.path): 15 fixes, 7 accepted"), "\(run.error)")
        // A tester's: one point was "1 points".
        let one = FileManager.default.temporaryDirectory.appendingPathComponent("one-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: one) }
        try Data(
            #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="45" lon="4"/></gpx>"#
                .utf8
        ).write(to: one)
        let single = try await Tool.run(["plot", one.path, "-o", output.path])
        #expect(single.error.contains(": 1 point, 1 accepted"), "\(single.error)")
    }

    @Test func missingFileAndBadRegionGiveTheDocumentedStatuses() async throws {
        #expect(try await Tool.run(["plot", "/nonexistent.gpx", "-o", "/tmp/x.svg"]).status == 66)
        #expect(try await Tool.run(["monitor", "--region", "91,0,10"]).status == 64)
        #expect(try await Tool.run(["once", "--accuracy", "street"]).status == 64)
        #expect(try await Tool.run(["record"]).status == 64)
        #expect(try await Tool.run(["--provider", "nmea:/no/such/file.nmea"]).status == 66)
        #expect(try await Tool.run(["--provider", "gpx:/no/such/route.gpx"]).status == 66)
        let existing = FileManager.default.temporaryDirectory.appendingPathComponent("exists-\(UUID().uuidString).gpx")
        #expect(FileManager.default.createFile(atPath: existing.path, contents: Data("keep".utf8)))
        defer { try? FileManager.default.removeItem(at: existing) }
        let record = try await Tool.run(["record", existing.path])
        #expect(record.status == 73 && record.error.contains("already exists"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep")
    }
}

/// Counts the fixes and paths of a plot.
final class SVGCounter: NSObject, XMLParserDelegate {
    var accepted = 0
    var filtered = 0
    var polylines = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "polyline" { polylines += 1 }
        guard elementName == "circle", let classes = attributes["class"] else { return }
        if classes == "fix accepted" { accepted += 1 }
        if classes == "fix filtered" { filtered += 1 }
    }

    /// A new user's trial: `record`, `plot` and `completions` without their operand said only `missing argument`.
    @Test(arguments: [
        ("record", "missing FILE.gpx; usage: corelocation record FILE.gpx [options]"),
        ("plot", "missing FILE.gpx|FILE.nmea; usage: corelocation plot FILE.gpx|FILE.nmea -o FILE.svg [options]"),
        ("completions", "missing SHELL; usage: corelocation completions SHELL"),
    ])
    func aMissingOperandIsNamed(_ command: String, _ message: String) async throws {
        let run = try await Tool.run([command])
        #expect(run.status == 64)
        #expect(run.error == "corelocation: error: \(message)\ncorelocation: see `corelocation \(command) --help`\n")
    }

    /// A new user's trial: `corelocation --provider X once` said only `unexpected argument "once"`.
    @Test func aCommandAfterOptionsSaysThatTheCommandComesFirst() async throws {
        let run = try await Tool.run(["--provider", "fixed:1,2", "once"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error
                == "corelocation: error: unexpected argument \"once\"; the command comes first: corelocation once "
                + "[options]\ncorelocation: see `corelocation once --help`\n")
    }
}
