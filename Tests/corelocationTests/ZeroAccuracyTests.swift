import Foundation
import SharedTestSupport
import Testing

/// Issue 32, item 4: a receiver without a DOP sends HDOP 0, which gave accuracy 0 — a perfect fix that passed every
/// accuracy request and filter.
@Suite struct ZeroAccuracyTests {
    /// Three GGA+RMC epochs one second apart with HDOP `hdop`, valid checksums.
    static func log(hdop: String = "0.0") -> String {
        (0..<3).map { second in
            let time = String(format: "0830%02d.00", second)
            return [
                "GPGGA,\(time),4545.4698,N,00450.1234,E,1,08,\(hdop),170.0,M,47.0,M,,",
                "GPRMC,\(time),A,4545.4698,N,00450.1234,E,0.0,0.0,140526,,,A",
            ].map(FilterDropReportTests.sentence).joined()
        }.joined()
    }

    /// HDOP 0, and a tester's HDOP 0.00001 (an accuracy of 0.05 mm, printed as 0.0), which passed `--accuracy 0.5`
    /// after 0 itself was fixed.
    @Test(arguments: ["0.0", "0.00001"])
    func hdopZeroGivesTheNominalAccuracyNotZero(hdop: String) async throws {
        let log = try TemporaryFile(Self.log(hdop: hdop), suffix: ".nmea")
        let watch = try await Tool.run(["watch", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "jsonl"])
        #expect(watch.status == 0, "\(watch.error)")
        let accuracies = try watch.jsonObjects().compactMap { $0["horizontalAccuracy"] as? Double }
        #expect(accuracies == [5, 5, 5])
        // Before: exit 0 with a "perfect" fix.
        let once = try await Tool.run([
            "once", "--provider", "nmea:\(log.url.path)?speed=max", "--accuracy", "0.5", "--max-age", "0",
        ])
        #expect(once.status == 2, "\(once.output)\(once.error)")
    }
}
