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

    /// `--format nmea` writes each heading as an HDT sentence, HDG when only the magnetic heading is known.
    @Test func headingsAreWrittenAsHDTAndHDG() async throws {
        let sentences = [
            "GPRMC,120000.00,A,4800.0000,N,00200.0000,E,0.0,0.0,010625,,,A", "HEHDT,123.4,T",
            "GPRMC,120001.00,A,4800.0000,N,00200.0000,E,0.0,0.0,010625,,,A", "HCHDG,200.5,,,,",
        ]
        let log = try TemporaryFile(sentences.map(Self.framed).joined(), suffix: ".nmea")
        let run = try await Tool.run([
            "heading", "--provider", "nmea:\(log.url.path)?speed=max&heading", "--heading-filter", "0", "--format",
            "nmea",
        ])
        #expect(run.status == 0)
        #expect(run.output == Self.framed("GPHDT,123.40,T") + Self.framed("GPHDG,200.50,,,,"))
    }

    /// `$body*hh` CR LF, the checksum computed here.
    static func framed(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
    }
}
