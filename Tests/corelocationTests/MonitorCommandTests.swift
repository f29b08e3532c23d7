import Foundation
import Testing

@testable import corelocation

/// `monitor` on a replay as fast as possible (issue 15's tester, items 8 and 17).
@Suite struct MonitorCommandTests {
    /// Item 8: every run gives the same bytes: region events are stamped with the time the provider delivered
    /// the fix that caused them (`CLLocationManager.eventTime`), not with a virtual clock read later.
    @Test func aReplayAsFastAsPossibleIsDeterministic() async throws {
        let arguments = [
            "monitor", "--provider", "sample:?speed=max", "--region", "45.7594,4.837,100,corner", "--format", "jsonl",
        ]
        var outputs: Set<String> = []
        for _ in 0..<5 {
            let run = try await Tool.run(arguments)
            #expect(run.status == 0)
            outputs.insert(run.output)
        }
        #expect(outputs.count == 1)
        let lines = try #require(outputs.first).split(separator: "\n").map(String.init)
        // Item 17: the state when first known, then at each crossing the state and the crossing, as CoreLocation
        // calls didDetermineState at every transition.
        #expect(
            lines == [
                #"{"type":"region","timestamp":"2026-05-14T08:30:01.000Z","event":"state","state":"outside","identifier":"corner","source":"sample"}"#,
                #"{"type":"region","timestamp":"2026-05-14T08:30:48.000Z","event":"state","state":"inside","identifier":"corner","source":"sample"}"#,
                #"{"type":"region","timestamp":"2026-05-14T08:30:48.000Z","event":"enter","identifier":"corner","source":"sample"}"#,
                #"{"type":"region","timestamp":"2026-05-14T08:31:24.000Z","event":"state","state":"outside","identifier":"corner","source":"sample"}"#,
                #"{"type":"region","timestamp":"2026-05-14T08:31:24.000Z","event":"exit","identifier":"corner","source":"sample"}"#,
            ])
    }

    /// Issue 32: an identifier's newline or ESC was printed raw in text (JSON Lines escaped it).
    @Test func controlCharactersOfAnIdentifierAreEscapedInText() async throws {
        let run = try await Tool.run([
            "monitor", "--provider", "sample:?speed=max", "--region", "45.7594,4.837,100,a\nb\u{1B}[31mc\\d",
            "--format", "text",
        ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lines.count == 5, "one line per event: \(run.lines)")
        #expect(run.lines.allSatisfy { $0.hasSuffix("region a\\nb\\u001b[31mc\\\\d  (sample)") }, "\(run.lines)")
        #expect(!run.output.contains("\u{1B}"))
    }

    /// A new user's trial: two regions of one identifier monitored only the second, silently.
    @Test func aRepeatedIdentifierIsRefused() async throws {
        let run = try await Tool.run([
            "monitor", "--provider", "sample:?speed=max", "--region", "48,2,100,a", "--region", "10,10,100,a",
        ])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error
                == "corelocation: error: --region 10,10,100,a repeats the identifier \"a\" of --region 48,2,100,a; "
                + "give each region its own\ncorelocation: see `corelocation monitor --help`\n")
    }

    /// A default identifier never clashes with one given: the trial of the tool found `--region 48,2,100,region2
    /// --region 10,10,100` refused for repeating "region2", given once.
    @Test func aDefaultIdentifierAvoidsTheGivenOnes() throws {
        let regions = try MonitorCommand.regions([
            "48,2,100,region2", "10,10,100", "11,11,100,region2-2", "12,12,100",
        ])
        #expect(regions.map(\.identifier) == ["region2", "region2-3", "region2-2", "region4"])
        #expect(try MonitorCommand.regions(["1,2,100", "3,4,100,b"]).map(\.identifier) == ["region1", "b"])
    }

    @Test func aRegionWithoutAnIdentifierBesideOneCalledLikeItsDefaultIsMonitored() async throws {
        let run = try await Tool.run([
            "monitor", "--provider", "sample:?speed=max", "--region", "45.7594,4.837,100,region2", "--region",
            "45.7594,4.837,100", "--format", "jsonl",
        ])
        #expect(run.status == 0)
        let identifiers = try run.jsonObjects().compactMap { $0["identifier"] as? String }
        #expect(Set(identifiers) == ["region2", "region2-2"])
    }

    /// A new user's trial: 21 regions, or a radius of 1e12 m, said `radius too large or too many regions`.
    @Test func tooManyRegionsOrTooLargeARadiusSaysWhichAndTheLimit() async throws {
        let many = try await Tool.run(
            ["monitor", "--provider", "sample:?speed=max"] + (1...21).flatMap { ["--region", "1,\($0),100"] })
        #expect(many.status == 64)
        #expect(
            many.error
                == "corelocation: error: monitor takes at most 20 regions (CoreLocation's limit for an app), found 21\n"
                + "corelocation: see `corelocation monitor --help`\n")
        let large = try await Tool.run(["monitor", "--provider", "sample:?speed=max", "--region", "48,2,1e12"])
        #expect(large.status == 64)
        #expect(large.output.isEmpty)
        #expect(
            large.error
                == "corelocation: error: --region 48,2,1e12: the radius is above the maximum, 1000000 m "
                + "(maximumRegionMonitoringDistance)\ncorelocation: see `corelocation monitor --help`\n")
    }

    /// A region of the right form with a wrong number says which (a trial of the tool: `1,2,0` got the form's
    /// message, which does not say that the radius must be above 0).
    @Test(arguments: [
        ("1,2,0", "--region 1,2,0: the radius must be above 0 m"),
        ("91,2,5", "--region 91,2,5: the centre must lie within -90…90° of latitude and -180…180° of longitude"),
        ("1,2", "--region expects LAT,LON,RADIUS[,ID] in degrees and metres, found \"1,2\""),
    ])
    func aWrongNumberOfARegionIsNamed(_ region: String, _ message: String) async throws {
        let run = try await Tool.run(["monitor", "--provider", "fixed:1,2", "--region", region])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("corelocation: error: \(message)\n"), "\(run.error)")
    }
}
