import Foundation
import Testing

/// What a person trying the tool for the first time sees: a provider that does not answer, the end of a replay,
/// a mistyped option, provider names in messages, and the numbers of the JSON output.
@Suite struct NewUserTests {
    /// A two-point walk whose computed speed and course, and its elevations, are not exact in binary.
    static func walk() throws -> TemporaryFile {
        try TemporaryFile.track([
            ("45.7578300", "4.8320142", "170.6", "2026-05-14T08:30:00Z", "1.8"),
            ("45.7579102", "4.8320303", "170.7", "2026-05-14T08:30:03Z", "2.1"),
        ])
    }

    @Test func watchTellsThatGpsdDoesNotAnswerAndKeepsRetrying() async throws {
        // Nothing listens on port 1 (tcpmux); the tool waits for the whole --duration, saying why.
        let run = try await Tool.run([
            "watch", "--provider", "gpsd://127.0.0.1:1", "--duration", "6", "--format", "jsonl",
        ])
        #expect(run.status == 0)
        #expect(run.error.contains("corelocation: still waiting: gpsd://127.0.0.1:1 does not answer"))
        #expect(run.error.contains("it is tried again every 0.5 s while nothing listens"))
    }

    @Test func onceEndsWithStatusThreeNamingTheProviderThatDoesNotAnswer() async throws {
        let run = try await Tool.run(["once", "--provider", "gpsd://127.0.0.1:1", "--timeout", "3"])
        #expect(run.status == 3)
        #expect(run.error.contains("error: gpsd://127.0.0.1:1 does not answer"))
        #expect(run.output.isEmpty)
    }

    @Test func theEndOfAReplayIsSummarised() async throws {
        let walk = try Self.walk()
        let run = try await Tool.run(["--provider", "gpx:\(walk.url.path)?speed=max", "--format", "jsonl"])
        #expect(run.status == 0)
        let fixes = try run.jsonObjects().count
        #expect(fixes >= 2)
        #expect(run.error.contains("corelocation: gpx:\(walk.url.path)?speed=max finished: \(fixes) fixes written in "))
    }

    @Test func monitorSummarisesItsRegionEvents() async throws {
        let walk = try Self.walk()
        let run = try await Tool.run([
            "monitor", "--region", "45.7578300,4.8320142,50,start", "--provider", "gpx:\(walk.url.path)?speed=max",
            "--format", "jsonl",
        ])
        #expect(run.status == 0)
        let events = try run.jsonObjects().count
        #expect(events >= 1)
        #expect(run.error.contains("finished: \(events) region event\(events == 1 ? "" : "s") written in "))
    }

    @Test(arguments: [
        (["--bogus"], "watch --help"), (["--count", "zero"], "watch --help"), (["--format", "xml"], "watch --help"),
        (["--format-string", "%nope"], "watch --help"), (["once", "--accuracy", "street"], "once --help"),
        (["record"], "record --help"), (["nosuch"], "help"), (["help", "nosuch"], "help"),
    ])
    func usageErrorsAreOneLineAndAHint(_ arguments: [String], _ help: String) async throws {
        let run = try await Tool.run(arguments)
        #expect(run.status == 64)
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("corelocation: error: ") == true)
        #expect(lines.last == "corelocation: see `corelocation \(help)`")
        #expect(run.output.isEmpty)
    }

    @Test func deniedAccessInTextIsOneLineOnStandardError() async throws {
        let run = try await Tool.run(
            ["--format", "text", "--count", "1"], environment: ["CORELOCATION_AUTHORIZATION": "denied"])
        #expect(run.status == 3)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("corelocation: error: location access is denied\n"))
    }

    @Test func helpNamesACommand() async throws {
        let run = try await Tool.run(["help", "once"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("usage: corelocation once"))
    }

    @Test func geoClueIsNamedWithOneColon() async throws {
        let run = try await Tool.run(
            ["--provider", "geoclue:", "--duration", "5"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/corelocation-test-bus"])
        #expect(run.status == 1)
        #expect(run.error.contains("geoclue: "))
        #expect(!run.error.contains("geoclue::"))
    }

    /// Decimals of each location member, from Docs/CLI.md.
    static let decimals = [
        "latitude": 8, "longitude": 8, "altitude": 3, "ellipsoidalAltitude": 3, "horizontalAccuracy": 2,
        "verticalAccuracy": 2, "speed": 3, "speedAccuracy": 2, "course": 3, "courseAccuracy": 2,
    ]

    @Test func jsonNumbersHaveThePrecisionOfTheirKindAndNoNoise() async throws {
        let walk = try Self.walk()
        let run = try await Tool.run(["--provider", "gpx:\(walk.url.path)?speed=max", "--format", "jsonl"])
        #expect(run.status == 0)
        let member = try NSRegularExpression(pattern: "\"([A-Za-z]+)\":(-?[0-9]+)\\.([0-9]+)")
        for line in run.lines {
            let matches = member.matches(in: line, range: NSRange(line.startIndex..., in: line))
            #expect(matches.count == Self.decimals.count)
            for match in matches {
                let name = String(line[Range(match.range(at: 1), in: line)!])
                let fraction = String(line[Range(match.range(at: 3), in: line)!])
                #expect(fraction.count <= Self.decimals[name] ?? 0, "\(name) in \(line)")
                #expect(fraction == "0" || !fraction.hasSuffix("0"), "\(name) in \(line)")
            }
        }
        let first = try #require(try run.jsonObjects().first)
        #expect(first["latitude"] as? Double == 45.75783)
        #expect(first["longitude"] as? Double == 4.8320142)
        #expect(first["altitude"] as? Double == 170.6)
        #expect(first["horizontalAccuracy"] as? Double == 9)  // hdop 1.8 × UERE 5 m
        #expect(run.lines.first?.contains("\"latitude\":45.75783,") == true)
    }
}
