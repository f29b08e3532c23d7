import Foundation
import SharedTestSupport
import Testing

@testable import NMEA0183

/// Replays gpsd's regression logs and compares every gpsd epoch (last TPV with mode ≥ 2 per time)
/// with our fixes: time to the millisecond, lat/lon within 1e-7°, altMSL within 1 mm, speed within
/// 1 mm/s, track within 0.01°.
///
/// Every difference is listed below with its cause.
@Suite struct GpsdConformanceTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var log: String
        /// Distinct times of gpsd TPVs with mode ≥ 2 (read from the .chk, not from our output).
        var epochs: Int
        /// Documented differences, by kind.
        var divergences: [Divergence: Int] = [:]
        /// Untimed gpsd TPVs (no date yet) whose position matches none of our fixes.
        var unmatchedUntimed = 0
        /// Our rejections by reason.
        ///
        /// They equal the sentences gpsd did not echo, except where noted.
        var rejections: [NMEARejectionReason: Int] = [:]
        var testDescription: String { log }
    }

    static let expectations: [Expectation] = [
        // gpsd keeps the Telit's 1999-08-22 (week-rollover bug); we move it 1024 weeks to 2019-04-07.
        // Its untimed TPV comes from `$GPRMC,...,2208-1,...`, whose malformed date field we reject
        // (gpsd keeps that sentence's position without a time).
        Expectation(
            log: "april6_2019", epochs: 1, divergences: [.rolloverCorrected: 1], unmatchedUntimed: 1,
            rejections: [.malformedField: 1]),
        Expectation(log: "beidou-bd", epochs: 4),
        Expectation(log: "bt451", epochs: 12),
        Expectation(log: "bu353-glonass", epochs: 9),
        // All 23 GGA have bad checksums; gpsd drops them too.
        Expectation(log: "firefly-II", epochs: 23, rejections: [.checksumMismatch: 23]),
        Expectation(log: "furuno_gl_ga", epochs: 16),
        Expectation(log: "garmin-10x", epochs: 9),
        // 46 `$PGLOR` cut off with `*00`. gpsd also drops the 51 `$IMGSA` (IM talker), which we accept.
        Expectation(log: "gpsdf", epochs: 51, rejections: [.checksumMismatch: 46]),
        Expectation(log: "gr8013-w", epochs: 3),
        Expectation(log: "hemi", epochs: 6),
        // gpsd derives a speed from successive positions for epochs without RMC/VTG (5 GGA/GLL-only
        // epochs); we report only the receiver's own speed, so ours is nil. At 19:41:02 (GLL + VTG)
        // gpsd keeps its derived 2.256 m/s, we report the VTG's 5.2 kn = 2.675 m/s.
        Expectation(log: "humminbird-M37", epochs: 22, divergences: [.speedOnlyInGpsd: 5, .speed: 1]),
        Expectation(log: "nmea-rtk", epochs: 122),
        Expectation(log: "skytraq-PX1172RH_DS", epochs: 9),
        Expectation(log: "telit-pls83-w", epochs: 10),
        // 03:01:30 is a GLL-only epoch (its GGA is the cut-short one): gpsd's speed is derived, ours nil.
        Expectation(log: "triton400", epochs: 5, divergences: [.speedOnlyInGpsd: 1], rejections: [.truncated: 1]),
        // Never a fix: gpsd reports mode 1 throughout.
        Expectation(log: "ublox-lea-5q", epochs: 0),
    ]

    @Test(arguments: expectations) func log(_ expectation: Expectation) throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let log = try Data(contentsOf: directory.appendingPathComponent(expectation.log + ".log"))
        let chk = try String(
            contentsOf: directory.appendingPathComponent(expectation.log + ".log.chk"), encoding: .utf8)
        let (fixes, statistics) = GpsdConformance.decode(log: log)
        let report = try GpsdConformance.compare(chk: chk, fixes: fixes)
        let rejections = NMEARejectionReason.allCases.filter { statistics[$0] > 0 }.map {
            "\($0.rawValue)=\(statistics[$0])"
        }
        let divergent = report.expected - report.matched
        print(
            """
            conformance \(expectation.log): \(report.matched)/\(report.expected) epochs matched, \
            \(divergent) documented divergences \(report.divergences.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }), \
            untimed gpsd TPVs matched by position \(report.untimedMatchedByPosition)/\(report.untimed.count), \
            our extra fixes \(report.extraFixes.count) \(report.extraFixes); sentences accepted \(statistics.acceptedSentences), \
            rejected \(rejections), skipped lines \(statistics.skippedLines), fixes \(statistics.fixes), no-fixes \(statistics.noFixes)
            """)
        for detail in report.details { print("  \(detail)") }
        #expect(report.expected == expectation.epochs)
        #expect(report.divergences == expectation.divergences)
        #expect(report.matched == report.expected - expectation.divergences.values.reduce(0, +))
        #expect(report.untimed.count - report.untimedMatchedByPosition == expectation.unmatchedUntimed)
        #expect(
            Dictionary(
                uniqueKeysWithValues: NMEARejectionReason.allCases.compactMap { reason in
                    statistics[reason] > 0 ? (reason, statistics[reason]) : nil
                }) == expectation.rejections)
    }

    @Test func neverAFixLogEmitsNoFixEventsOnly() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        var decoder = NMEADecoder()
        let events =
            decoder.feed(try Data(contentsOf: directory.appendingPathComponent("ublox-lea-5q.log")))
            + decoder.finish()
        #expect(decoder.statistics.fixes == 0)
        #expect(decoder.statistics.noFixes > 5)
        #expect(!events.contains { if case .fix = $0 { true } else { false } })
    }

    @Test func rolloverLogGivesTheTrueDate() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let fixes = GpsdConformance.decode(
            log: try Data(contentsOf: directory.appendingPathComponent("april6_2019.log"))
        ).fixes
        // gpsd says 1999-08-22T00:02:31.420Z; the capture was made just after the 2019-04-06 rollover.
        #expect(fixes.map(\.date) == [NMEADate(year: 2019, month: 4, day: 7)])
        #expect(fixes.first?.timestamp == Date(timeIntervalSince1970: 1_554_595_351.420))
    }
}
