import Foundation
import LocationSupport
import NMEA0183
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The one rule for external times (issue 16: a gpsd `time` of 1e16 and a GeoClue `Timestamp` of 2⁶⁴ − 1 reached
/// the GPX formatter and crashed `record`), and the NMEA translator that applies it to live and recorded streams.
@Suite struct FixTimeTests {
    private let now = Date(timeIntervalSince1970: 1_796_020_560)  // 2026-11-30T06:36:00Z

    @Test func theRangeIsFrom1980ToADayAheadForLiveSourcesAndToTheYear4000ForRecordings() {
        let earliest = Date(timeIntervalSince1970: 315_532_800)  // 1980-01-01T00:00:00Z
        #expect(FixTime.problem(with: earliest, now: now) == nil)
        #expect(FixTime.problem(with: earliest.addingTimeInterval(-0.001), now: now) == .beforeEarliest)
        #expect(FixTime.problem(with: Date(timeIntervalSince1970: .nan), now: nil) == .beforeEarliest)
        #expect(FixTime.problem(with: now.addingTimeInterval(86_400), now: now) == nil)
        #expect(FixTime.problem(with: now.addingTimeInterval(86_400.001), now: now) == .aheadOfClock)
        #expect(FixTime.problem(with: Date(timeIntervalSince1970: 1e16), now: now) == .aheadOfClock)
        #expect(FixTime.problem(with: Date(timeIntervalSince1970: 1e16), now: nil) == .afterLatest)
        #expect(FixTime.problem(with: Date(timeIntervalSince1970: 64_092_211_199), now: nil) == nil)  // 4000-12-31
        // 4001-01-01T00:00:01Z: beyond what Date.description (CoreLocationCLI's "time") can write.
        #expect(FixTime.problem(with: Date(timeIntervalSince1970: 64_092_211_201), now: nil) == .afterLatest)
        #expect(Date(timeIntervalSince1970: 64_092_211_199).description == "4000-12-31 23:59:59 +0000")
        #expect(FixTime.problem(with: Date(timeIntervalSince1970: 4e9), now: nil) == nil)  // 2096: a recording's
        #expect(
            FixTime.Problem.aheadOfClock.detail(Date(timeIntervalSince1970: 1e16))
                == "time 1e+16 s since 1970 is more than a day ahead of the clock")
    }

    /// A GPX file's `0001-01-01T00:00:00Z` was quoted as `0001-01-03T00:00:00Z`: Foundation's calendar is Julian
    /// before 1582, while GPX, NMEA and gpsd count days in the proleptic Gregorian calendar.
    @Test func timesAreQuotedInTheCalendarTheyWereReadIn() {
        let quoted = [
            -62_135_596_800, -62_135_596_799.5, -12_219_292_800.001, -1, -0.25, 0, 951_782_400, 1_796_020_560.999,
            64_092_211_199,
        ].map { FixTime.text(of: Date(timeIntervalSince1970: $0)) }
        #expect(
            quoted == [
                "0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "1582-10-14T23:59:59Z", "1969-12-31T23:59:59Z",
                "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "2000-02-29T00:00:00Z", "2026-11-30T06:36:00Z",
                "4000-12-31T23:59:59Z",
            ])
        #expect(FixTime.text(of: Date(timeIntervalSince1970: -62_135_596_800.5)) == "-62135596800.5 s since 1970")
    }

    @Test func aLiveNMEAFixDatedMoreThanADayAheadOfTheClockIsSkippedAndCounted() {
        var translator = NMEAEventTranslator(
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: false, andExternalAccessoryState: true),
            source: "nmea:/dev/ttyTEST")
        var decoder = NMEADecoder()
        // A receiver with a wrong date (2026-12-02, two days ahead), then the right one.
        let log = [
            "GPRMC,063600,A,4807.038,N,01131.000,E,0.0,0.0,021226,,",
            "GPRMC,063601,A,4807.038,N,01131.000,E,0.0,0.0,021226,,",
            "GPRMC,063602,A,4807.038,N,01131.000,E,0.0,0.0,301126,,",
        ].map(nmeaSentence).joined()
        let times = (decoder.feed(log) + decoder.finish()).compactMap { event -> Double? in
            guard case .locations(let fixes)? = translator.translate(event, clockDate: now)?.event else { return nil }
            return fixes[0].timestamp.timeIntervalSince1970
        }
        #expect(times == [1_796_020_562])
        #expect(translator.skipped.total == 2)
        #expect(
            translator.skipped.summary
                == "nmea:/dev/ttyTEST: 2 fixes skipped: time more than a day ahead of the clock")
    }

    @Test func skippedFixesAnnounceEachCauseOnce() {
        let announced = Locked<[String]>([])
        var skipped = SkippedFixes(source: "geoclue:") { line in announced.withLock { $0.append(line) } }
        skipped.skip("Accuracy is not a distance", "accuracy inf is not a distance")
        skipped.skip("Accuracy is not a distance", "accuracy -1.0 is not a distance")
        #expect(skipped.summary == "geoclue: 2 fixes skipped: Accuracy is not a distance")
        skipped.skip(.beforeEarliest, time: Date(timeIntervalSince1970: 0))
        #expect(
            announced.withLock { $0 } == [
                "geoclue: fix skipped: accuracy inf is not a distance (further fixes skipped for this reason are "
                    + "counted, not shown)",
                "geoclue: fix skipped: time 1970-01-01T00:00:00Z is before 1980 (further fixes skipped for this reason are "
                    + "counted, not shown)",
            ])
        #expect(skipped.total == 3)
        var once = SkippedFixes(source: "x") { _ in }
        once.skip("a", "a")
        #expect(once.summary == nil, "everything skipped was announced")
    }
}
