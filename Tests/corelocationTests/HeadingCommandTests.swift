import Foundation
import Testing

/// `heading` speaks of headings: in its waiting notice and when the provider does not measure them.
@Suite struct HeadingCommandTests {
    /// A receiver declared as a heading receiver that sends fixes only: after 5 s the notice says that no
    /// heading came (not "no fix": fixes do come).
    @Test func theWaitingNoticeSaysNoHeadingYet() async throws {
        let log = try TemporaryFile(FilterDropReportTests.log(), suffix: ".nmea")
        let run = try await Tool.run([
            "heading", "--provider", "nmea:\(log.url.path)?heading&loop", "--duration", "6.5", "--format", "jsonl",
        ])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let notice = try #require(run.error.split(separator: "\n").first { $0.contains("still waiting") })
        #expect(notice.hasSuffix("answers but has delivered no heading yet (nothing for 5 s)"))
    }

    @Test func aLogWithoutHeadingsSaysHowToDeclareAHeadingReceiver() async throws {
        let log = try TemporaryFile(FilterDropReportTests.log(), suffix: ".nmea")
        let run = try await Tool.run(["heading", "--provider", "nmea:\(log.url.path)?speed=max"])
        #expect(run.status == 3)
        #expect(
            run.error.hasSuffix(
                "does not measure heading; if the receiver sends HDT, HDG or THS, declare it with ?heading: "
                    + "--provider \"nmea:\(log.url.path)?speed=max&heading\"\n"))
    }
}
