import Foundation
import SharedTestSupport
import Testing

/// What the tool says about a log's rejected sentences: the first one, on its line, with field values only under
/// `--verbose`; and headings of a receiver that sends HDT and THS, once per epoch.
@Suite struct NMEADiagnosticsCommandTests {
    /// `$body*hh` + `ending`, the checksum computed here.
    static func sentence(_ body: String, ending: String = "\r\n") -> String {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\(ending)"
    }

    @Test func rejectionsHideFieldValuesUnlessVerbose() async throws {
        let log = try TemporaryFile(
            Self.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,")
                + Self.sentence("GPGLL,4807.038,N,00449.9208x,E,123520,A,A"), suffix: ".nmea")
        let quiet = try await Tool.run(["watch", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "jsonl"])
        #expect(quiet.status == 0)
        #expect(quiet.error.contains("first: \(log.url.path):2: error: GLL field 3 (longitude): expected dddmm.mmmm\n"))
        #expect(!quiet.error.contains("00449.9208x"))
        let verbose = try await Tool.run(
            ["watch", "--verbose", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "jsonl"])
        #expect(verbose.error.contains("expected dddmm.mmmm, found \"00449.9208x\""))
        #expect(verbose.output == quiet.output)
    }

    @Test func carriageReturnLogsReportTheirLines() async throws {
        let bad = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00\r"
        let good = Self.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,", ending: "\r")
        let log = try TemporaryFile(good + good + bad + String(repeating: bad, count: 150), suffix: ".nmea")
        let run = try await Tool.run(["watch", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "jsonl"])
        #expect(run.error.contains("151 sentences rejected (checksumMismatch 151); first: \(log.url.path):3: error:"))
    }

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func hdtAndThsGiveOneHeadingPerEpoch() async throws {
        // skytraq-PX1172RH_DS.log sends THS and HDT in every epoch.
        guard let folder = SharedData.folder("gpsd-logs") else { return }
        let log = folder.appendingPathComponent("skytraq-PX1172RH_DS.log")
        let run = try await Tool.run([
            "heading", "--provider", "nmea:\(log.path)?speed=max", "--format", "jsonl", "--heading-filter", "0",
        ])
        #expect(run.status == 0)
        let ours = try run.jsonObjects().map {
            "\($0["timestamp"] as? String ?? "") \($0["trueHeading"] as? Double ?? -1)"
        }
        // gpsd's ATT reports with a time: one per epoch (00:38:32 ... 00:38:40).
        let gpsd = try SharedData.jsonLines(of: folder.appendingPathComponent("skytraq-PX1172RH_DS.log.chk"))
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["class"] as? String == "ATT" && $0["time"] != nil }
            .map { "\($0["time"] as? String ?? "") \($0["heading"] as? Double ?? -1)" }
        #expect(gpsd.count == 9)
        #expect(ours == gpsd)
    }
}
