import Foundation
import Testing

@testable import corelocation

/// The summary line and the waiting notice say what `--accuracy-filter` and `--age-filter` dropped, so a run
/// whose fixes are all filtered out does not look like a provider that delivers nothing.
@Suite struct FilterDropReportTests {
    @Test func nothingDroppedIsNoText() {
        #expect(FilterDropReport().text == nil)
    }

    @Test func eachFilterSaysHowManyAndTheLastOne() {
        let year = 365.25 * 86_400
        #expect(
            FilterDropReport(droppedByAge: 12, lastDroppedAge: 9.9 * year).text
                == "12 fixes dropped by the age filter (last 9.9 years old)")
        #expect(
            FilterDropReport(droppedByAccuracy: 3, lastDroppedAccuracy: 120).text
                == "3 fixes dropped by the accuracy filter (last ±120 m)")
        #expect(
            FilterDropReport(droppedByAccuracy: 1, lastDroppedAccuracy: -1, droppedByAge: 1, lastDroppedAge: -7200)
                .text == "1 fix dropped by the accuracy filter (last invalid); 1 fix dropped by the age filter "
                + "(last 2.0 h in the future)")
    }

    @Test func agesTakeTheLargestUnitThatFits() {
        #expect(FilterDropReport.age(0.4) == "0.4 s old")
        #expect(FilterDropReport.age(42) == "42.0 s old")
        #expect(FilterDropReport.age(59.99) == "1.0 min old")
        #expect(FilterDropReport.age(-90) == "1.5 min in the future")
        #expect(FilterDropReport.age(5400) == "1.5 h old")
        #expect(FilterDropReport.age(3 * 86_400) == "3.0 days old")
        #expect(FilterDropReport.age(400 * 86_400) == "1.1 years old")
        #expect(FilterDropReport.accuracy(4.5) == "±4.5 m")
    }

    /// Five GGA+RMC epochs one second apart with HDOP 0.9 (±4.5 m with the 5 m UERE), valid checksums.
    static let epochs = 5
    static func log() -> String {
        (0..<epochs).map { second in
            let time = String(format: "0830%02d.00", second)
            let lon = String(format: "00450.%04d", 1234 + 10 * second)
            return [
                "GPGGA,\(time),4545.4698,N,\(lon),E,1,08,0.9,170.0,M,47.0,M,,",
                "GPRMC,\(time),A,4545.4698,N,\(lon),E,10.0,90.0,140526,,,A",
            ].map(sentence).joined()
        }.joined()
    }

    /// `$BODY*CS\r\n`, CS being the XOR of the body's bytes in two upper-case hex digits.
    static func sentence(_ body: String) -> String {
        "$\(body)*\(String(format: "%02X", body.utf8.reduce(0, ^)))\r\n"
    }

    @Test func fixesThatPassAreWrittenAndNothingIsSaidAboutDrops() async throws {
        let log = try TemporaryFile(Self.log(), suffix: ".nmea")
        let run = try await Tool.run(
            ["watch", "--provider", "nmea:\(log.url.path)?speed=max", "--age-filter", "10", "--format", "jsonl"])
        #expect(run.status == 0)
        #expect(try run.jsonObjects().count == Self.epochs)
        #expect(run.error.contains("finished: \(Self.epochs) fixes written in "))
        #expect(!run.error.contains("dropped"))
    }

    @Test func theSummarySaysWhatTheAccuracyFilterDropped() async throws {
        let log = try TemporaryFile(Self.log(), suffix: ".nmea")
        let run = try await Tool.run(
            [
                "watch", "--provider", "nmea:\(log.url.path)?speed=max", "--age-filter", "10", "--accuracy-filter",
                "1", "--format", "jsonl",
            ])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let summary = try #require(run.error.split(separator: "\n").last.map(String.init))
        #expect(summary.hasPrefix("corelocation: nmea:\(log.url.path)?speed=max finished: 0 fixes written in "))
        #expect(summary.hasSuffix(" s; \(Self.epochs) fixes dropped by the accuracy filter (last ±4.5 m)"))
    }

    /// A looping replay at its own pace whose every fix is dropped: the notice after 5 s says why nothing comes.
    @Test func theWaitingNoticeSaysWhatTheFiltersDropped() async throws {
        let log = try TemporaryFile(Self.log(), suffix: ".nmea")
        let run = try await Tool.run(
            [
                "watch", "--provider", "nmea:\(log.url.path)?loop", "--accuracy-filter", "1", "--duration", "6.5",
                "--format", "jsonl",
            ])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let notice = try #require(run.error.split(separator: "\n").first { $0.contains("still waiting") })
        #expect(notice.contains("answers but has delivered no fix yet (nothing for 5 s); "))
        #expect(notice.contains(" dropped by the accuracy filter (last ±4.5 m)"))
    }
}
