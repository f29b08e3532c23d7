import Foundation
import SharedTestSupport
import Testing

@testable import NMEA0183

/// The decoder against every gpsd regression log.
///
/// Decodes every log of ../shared/data/gpsd-logs and gpsd-suite (enumerated) and compares each gpsd epoch with
/// our fixes (``GpsdComparison``'s tolerances), against the per-log expectations of ``GpsdSuiteExpectations``.
/// The decoder derives no speed or course (the provider does), so those are not compared here.
@Suite struct GpsdConformanceTests {
    static func decode(_ log: Data) -> (fixes: [NMEAFix], decoder: NMEADecoder) {
        var options = NMEADecoderOptions()
        options.reportsSentences = false
        var decoder = NMEADecoder(options: options)
        let fixes = (decoder.feed(log) + decoder.finish()).compactMap { event in
            if case .fix(let fix) = event { fix } else { nil }
        }
        return (fixes, decoder)
    }

    /// Rejections of logs whose rejections are known: each is a sentence gpsd did not echo either, except where
    /// noted.
    static let rejections: [String: [NMEARejectionReason: Int]] = [
        // All 23 GGA have bad checksums; gpsd drops them too.
        "firefly-II": [.checksumMismatch: 23],
        // 46 `$PGLOR` cut off with `*00`. gpsd also drops the 51 `$IMGSA` (IM talker), which we accept.
        "gpsdf": [.checksumMismatch: 46],
        // `$GPGGA,030130$GPGLL,...`: the GGA is cut short by the GLL.
        "triton400": [.truncated: 1],
        "ublox-lea-5q": [:],
        "april6_2019": [:],
    ]

    @Test(GpsdRegressionLog.needsFolders) func everyLogOfTheSuite() throws {
        let logs = GpsdRegressionLog.required()
        var report = GpsdSuiteReport(comparesDerivedMotion: false)
        for log in logs {
            let (fixes, decoder) = Self.decode(try Data(contentsOf: log.url))
            let ours = fixes.compactMap { fix in
                fix.timestamp.map {
                    ObservedFix(
                        time: $0, latitude: fix.latitude, longitude: fix.longitude, altitudeMSL: fix.altitudeMSL,
                        speed: fix.speed, course: fix.course)
                }
            }
            let comparison = GpsdComparison(ours: ours, gpsd: try log.epochs(), comparesDerivedMotion: false)
            let statistics = decoder.statistics
            let rejections = NMEARejectionReason.allCases.filter { statistics[$0] > 0 }
            print(
                "decoder " + GpsdSuiteReport.line(comparison, of: log)
                    + "; accepted \(statistics.acceptedSentences), rejected "
                    + "\(rejections.map { "\($0.rawValue)=\(statistics[$0])" }), ignored fields "
                    + "\(statistics.ignoredFields), fixes \(statistics.fixes), no-fixes \(statistics.noFixes)")
            for detail in comparison.details { print("  \(detail)") }
            for problem in report.add(comparison, of: log) { Issue.record(Comment(rawValue: problem)) }
            if let expected = Self.rejections[log.name] {
                let found = Dictionary(uniqueKeysWithValues: rejections.map { ($0, statistics[$0]) })
                #expect(found == expected, "\(log.name)")
            }
            if comparison.expected == 0 {
                // Undated fixes may remain (sounder.log's GLLs never get a date; gpsd reports them untimed too).
                let timed = ours.count
                #expect(timed == 0, "\(log.name): gpsd has no timed fix, we have \(timed)")
            }
        }
        print(report.summary(layer: "decoder"))
    }

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func neverAFixLogEmitsNoFixEventsOnly() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        var decoder = NMEADecoder()
        let events =
            decoder.feed(try Data(contentsOf: directory.appendingPathComponent("ublox-lea-5q.log")))
            + decoder.finish()
        #expect(decoder.statistics.fixes == 0)
        #expect(decoder.statistics.noFixes > 5)
        #expect(!events.contains { if case .fix = $0 { true } else { false } })
    }

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func rolloverLogGivesTheTrueDate() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let fixes = Self.decode(try Data(contentsOf: directory.appendingPathComponent("april6_2019.log"))).fixes
        // gpsd says 1999-08-22T00:02:31.420Z; the capture was made just after the 2019-04-06 rollover.
        #expect(fixes.compactMap(\.date) == [NMEADate(year: 2019, month: 4, day: 7)])
        #expect(fixes.compactMap(\.timestamp) == [Date(timeIntervalSince1970: 1_554_595_351.420)])
    }
}
