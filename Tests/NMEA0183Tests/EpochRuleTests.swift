import Foundation
import Testing

@testable import NMEA0183

/// Epoch rules found by small crafted inputs: date+time keys, one heading per epoch, PGRMZ, simulator output,
/// `# Date:` headers.
@Suite struct EpochRuleTests {
    static func rmc(_ time: String, _ date: String, latitude: String = "4807.038") -> String {
        framed("GPRMC,\(time),A,\(latitude),N,01131.000,E,022.4,084.4,\(date),003.1,W,A")
    }

    static func gga(_ time: String, altitude: String = "545.4") -> String {
        framed("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,\(altitude),M,46.9,M,,")
    }

    @Test func sameTimeOnAnotherDateIsAnotherEpoch() {
        let text =
            Self.rmc("120000", "010125") + Self.rmc("120000", "020125", latitude: "4808.038")
            + Self.rmc("120000", "030125")
        let fixes = decode(text).events.fixes
        #expect(fixes.map(\.date) == [1, 2, 3].map { NMEADate(year: 2025, month: 1, day: $0) })
        #expect(fixes.map { ($0.latitude * 60).rounded() } == [2887, 2888, 2887])
    }

    @Test func sentencesWithoutADateStillJoinTheDatedEpoch() {
        let text = Self.gga("120000") + Self.rmc("120000", "010125") + framed("GPZDA,120000,01,01,2025,00,00")
        let fixes = decode(text).events.fixes
        #expect(fixes.count == 1 && fixes.first?.altitudeMSL == 545.4)
    }

    @Test func hdtAndThsOfOneEpochGiveOneHeading() {
        // SkyTraq PX1172RH sends THS and HDT in every epoch.
        let text =
            Self.gga("003833.000") + framed("GNTHS,244.65,A") + framed("GNHDT,244.65,T") + Self.gga("003834.000")
            + framed("GNTHS,244.17,A") + framed("GNHDT,244.17,T")
        let headings = decode(text).events.headings
        #expect(headings.map(\.trueHeading) == [244.65, 244.17])
        #expect(headings.map(\.source) == [.ths, .ths])
    }

    /// A true heading after a magnetic one in the same epoch is kept.
    ///
    /// Issue 31: a gyro's true heading (HDT) after a magnetic compass's HDG in the same epoch was dropped as a
    /// duplicate; they are two sensors, and both headings are reported. A second magnetic sentence (HDM) of the
    /// same epoch still is a duplicate of the HDG.
    @Test func aTrueHeadingAfterAMagneticOneIsKept() {
        let text =
            Self.gga("120000") + framed("HCHDG,98.3,,,2.0,E") + framed("HEHDT,101.5,T") + framed("HCHDM,98.3,M")
        let headings = decode(text).events.headings
        #expect(headings.map(\.source) == [.hdg, .hdt])
        #expect(headings.map(\.trueHeading) == [100.3, 101.5])
        #expect(headings.map(\.magneticHeading) == [98.3, nil])
    }

    @Test func anInvalidThsLeavesTheEpochToHdt() {
        let text = Self.gga("120000") + framed("GNTHS,244.65,V") + framed("GNHDT,244.60,T")
        #expect(decode(text).events.headings.map(\.trueHeading) == [244.60])
    }

    @Test func headingsOfOneSourceKeepTheirRate() {
        // A 5 Hz heading sensor in a 1 Hz position stream: every HDT is a heading.
        let text = Self.gga("120000") + String(repeating: framed("HEHDT,10.0,T"), count: 5)
        #expect(decode(text).events.headings.count == 5)
    }

    @Test func headingsCarryTheirEpochsDate() {
        let text =
            Self.rmc("120000", "010125") + framed("HEHDT,10.0,T") + Self.gga("120001")
            + framed("HEHDT,11.0,T")
        let midnight = 20_089.0 * 86_400  // 2025-01-01
        #expect(
            decode(text).events.headings.map(\.timestamp) == [
                Date(timeIntervalSince1970: midnight + 43_200), Date(timeIntervalSince1970: midnight + 43_201),
            ])
    }

    @Test func hdgUsesTheLastRMCVariationWhenItHasNone() {
        let text = Self.rmc("120000", "010125") + framed("HCHDG,98.3,,,,")
        let heading = decode(text).events.headings.first
        #expect(close(heading?.trueHeading, 95.2, 1e-9) && heading?.magneticHeading == 98.3)
    }

    @Test func anRMCWithoutVariationGivesHDGNoTrueHeading() {
        let text = framed("GPRMC,120000,A,4807.038,N,01131.000,E,022.4,084.4,010125,,,A") + framed("HCHDG,98.3,,,,")
        let heading = decode(text).events.headings.first
        #expect(heading != nil && heading?.trueHeading == nil && heading?.magneticHeading == 98.3)
    }

    @Test func pgrmzGivesTheAltitudeOnlyWhenGGAHasNone() {
        // garmin48.log: a GLL-only epoch followed by PGRMZ 48 ft.
        let gllOnly = framed("GPGLL,4527.458,S,16709.165,E,225309,A") + framed("PGRMZ,48,f,3")
        #expect(close(decode(gllOnly).events.fixes.first?.altitudeMSL, 48 * 0.3048, 1e-12))
        #expect(decode(gllOnly).events.fixes.first?.mode == .threeDimensional)
        let withGGA = Self.gga("225308", altitude: "14.7") + framed("PGRMZ,48,f,3")
        #expect(decode(withGGA).events.fixes.first?.altitudeMSL == 14.7)
        let userAltitude = framed("GPGLL,4527.458,S,16709.165,E,225309,A") + framed("PGRMZ,-30,f,2")
        #expect(decode(userAltitude).events.fixes.first?.altitudeMSL == nil)
        let metres = framed("GPGLL,4527.458,S,16709.165,E,225309,A") + framed("PGRMZ,15,M,3")
        #expect(decode(metres).events.fixes.first?.altitudeMSL == 15)
    }

    @Test func simulatorOutputIsNoFix() {
        // Garmin GPSmap 76S in demo mode.
        let text =
            framed("GPRMC,125106,V,3854.5087,N,07726.4523,W,0.0,0.0,241011,10.5,W,S")
            + framed("GPGGA,125106,3854.5087,N,07726.4523,W,8,10,2.0,268.8,M,-33.9,M,,")
            + framed("GPGLL,3854.5087,N,07726.4523,W,125106,V,S")
        let events = decode(text).events
        #expect(events.fixes.isEmpty && events.noFixes.count == 1)
        // A tester's: RMC and GLL with status A but mode S were fixes, a position the receiver did not measure.
        for sentence in [
            "GPRMC,120003.00,A,4807.038,N,01131.000,E,0.0,0.0,010120,,,S", "GPGLL,4807.038,N,01131.000,E,120003.00,A,S",
        ] {
            let simulated = decode(framed(sentence)).events
            #expect(simulated.fixes.isEmpty && simulated.noFixes.count == 1, "\(sentence)")
        }
        // Estimated (E) and manual (M) positions stay fixes, as GGA qualities 6 and 7 do.
        #expect(decode(framed("GPRMC,120003.00,A,4807.038,N,01131.000,E,0.0,0.0,010120,,,E")).events.fixes.count == 1)
    }

    @Test(arguments: [
        // (header, RMC date, expected): the header is the reference of the rollover rule.
        ("# Date: 2005-03-22\r\n", "150305", (2005, 3, 15)),
        ("", "150305", (2024, 10, 29)),  // no header: 2005 is more than 1000 weeks before 2025-09-01
        ("# Date: 2019-3-14\r\n", "220899", (2019, 4, 7)),  // april6_2019.log: the Telit's rollover bug
        ("# Date: 2021-12-18T\r\n", "181221", (2021, 12, 18)),
        ("# Date = 2005-03-22\r\n", "150305", (2024, 10, 29)),  // not gpsd's header form: ignored
    ])
    func dateHeaderIsTheRolloverReference(_ header: String, _ date: String, _ expected: (Int, Int, Int)) {
        let fix = decode(header + Self.rmc("120316", date)).events.fixes.first
        #expect(fix?.date == NMEADate(year: expected.0, month: expected.1, day: expected.2))
    }
}
