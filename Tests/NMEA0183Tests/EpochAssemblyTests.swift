import Foundation
import Testing

@testable import NMEA0183

@Suite struct EpochAssemblyTests {
    static func gga(
        _ time: String, quality: String = "1", satellites: String = "06", hdop: String = "1.5",
        latitude: String = "4143.6058,N", longitude: String = "08338.0778,W"
    ) -> String {
        framed("GPGGA,\(time),\(latitude),\(longitude),\(quality),\(satellites),\(hdop),204.3,M,-33.7,M,,0000")
    }

    static func rmc(
        _ time: String, date: String, status: String = "A", speed: String = "0.55", course: String = "36.58"
    ) -> String {
        framed("GPRMC,\(time),\(status),4143.6058,N,08338.0778,W,\(speed),\(course),\(date),,,A")
    }

    /// Seconds since 1970 for a UTC calendar instant, computed with Foundation's calendar (not the module's).
    static func epochSeconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double)
        -> Double
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let whole = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
        return whole.timeIntervalSince1970 + second
    }

    @Test func sentencesOfOneTimeFormOneFix() throws {
        let text =
            Self.gga("165007.000") + framed("GPGSA,A,3,31,16,29,23,20,32,,,,,,,2.8,1.5,2.4")
            + Self.rmc("165007.000", date: "180710")
        let (events, _) = decode(text)
        let fix = try #require(events.fixes.first)
        #expect(events.fixes.count == 1)
        #expect(fix.timestamp == Date(timeIntervalSince1970: Self.epochSeconds(2010, 7, 18, 16, 50, 7)))
        #expect(close(fix.latitude, 41 + 43.6058 / 60) && close(fix.longitude, -(83 + 38.0778 / 60)))
        #expect(fix.altitudeMSL == 204.3 && fix.geoidSeparation == -33.7)
        #expect(close(fix.ellipsoidalAltitude, 170.6, 1e-9))
        #expect(close(fix.speed, 0.55 * 1852 / 3600) && fix.course == 36.58)
        #expect(fix.mode == .threeDimensional && fix.quality == .autonomous && fix.satellitesUsed == 6)
        #expect(fix.hdop == 1.5 && fix.vdop == 2.4 && fix.pdop == 2.8)
        // No GST: HDOP × 5 m and VDOP × 5 m.
        #expect(close(fix.horizontalAccuracy, 7.5) && close(fix.verticalAccuracy, 12.0))
        #expect(fix.accuracySource == .dilutionOfPrecision)
    }

    @Test func fixIsEmittedWhenTheTimeChangesNotBefore() {
        var decoder = NMEADecoder()
        #expect(decoder.feed(Self.gga("120000.00")).fixes.isEmpty)
        #expect(decoder.feed(Self.rmc("120000.00", date: "010125")).fixes.isEmpty)
        #expect(
            decoder.feed(Self.gga("120001.00")).fixes.map(\.timeOfDay) == [
                NMEATimeOfDay(hour: 12, minute: 0, second: 0)
            ])
        #expect(decoder.finish().fixes.map(\.timeOfDay) == [NMEATimeOfDay(hour: 12, minute: 0, second: 1)])
    }

    @Test func gstGivesAccuracyAndUEREIsConfigurable() throws {
        let text = Self.gga("181141.00") + framed("GNGST,181141.00,46,,,,4.7,1.9,5.3")
        let fix = try #require(decode(text).events.fixes.first)
        #expect(close(fix.horizontalAccuracy, (4.7 * 4.7 + 1.9 * 1.9).squareRoot()))
        #expect(fix.verticalAccuracy == 5.3 && fix.accuracySource == .gst)
        var options = NMEADecoderOptions()
        options.userEquivalentRangeError = 4
        #expect(close(decode(Self.gga("181141.00"), options: options).events.fixes.first?.horizontalAccuracy, 6.0))
    }

    /// Issue 32: HDOP 0 (sent by receivers that have no DOP) gave accuracy 0, a perfect fix.
    @Test func zeroDilutionsAndSigmasGiveNoAccuracy() throws {
        let zeros = try #require(
            decode(Self.gga("181141.00", hdop: "0.0") + framed("GPGSA,A,3,31,16,29,,,,,,,,,,0.0,0.0,0.0")).events
                .fixes.first)
        #expect(zeros.horizontalAccuracy == nil && zeros.verticalAccuracy == nil && zeros.accuracySource == nil)
        #expect(zeros.hdop == 0 && zeros.vdop == 0, "the reported dilutions stay as reported")
        // A zero GGA HDOP gives way to the GSA's.
        let fallback = try #require(
            decode(Self.gga("181141.00", hdop: "0") + framed("GPGSA,A,3,31,16,29,,,,,,,,,,2.8,1.2,2.4")).events
                .fixes.first)
        #expect(close(fallback.horizontalAccuracy, 6.0) && close(fallback.verticalAccuracy, 12.0))
        // A zero GST sigma gives way to the DOP.
        let gst = try #require(
            decode(Self.gga("181141.00", hdop: "1.5") + framed("GNGST,181141.00,46,,,,0.0,0.0,0.0")).events.fixes
                .first)
        #expect(close(gst.horizontalAccuracy, 7.5) && gst.accuracySource == .dilutionOfPrecision)
    }

    @Test(arguments: [
        ("quality 0", gga("120000", quality: "0")),
        ("empty GGA", framed("GPGGA,120000,,,,,0,00,,,M,0.0,M,,0000")),
        ("empty quality", framed("GPGGA,120000,4143.6058,N,08338.0778,W,,06,1.5,204.3,M,-33.7,M,,")),
        ("quality 1, zero satellites", gga("120000", satellites: "00")),
        ("quality 1, empty position", gga("120000", latitude: ",", longitude: ",")),
        ("RMC status V", rmc("120000", date: "010125", status: "V")),
        ("RMC mode N", framed("GPRMC,120000,A,4143.6058,N,08338.0778,W,0.5,36.5,010125,,,N")),
        ("GLL status V", framed("GPGLL,4143.6058,N,08338.0778,W,120000,V,N")),
        ("GNS all N", framed("GNGNS,120000,,,,,NNNN,00,,,0.0,,0000")),
        ("GSA mode 1 alone", framed("GPGSA,A,1,,,,,,,,,,,,,,,")),
    ])
    func noFixStates(_ name: String, _ text: String) {
        let (events, decoder) = decode(text)
        #expect(events.fixes.isEmpty, "\(name) gave a fix")
        #expect(events.noFixes.count == 1, "\(name)")
        #expect(decoder.statistics.noFixes == 1 && decoder.statistics.fixes == 0)
    }

    /// A GSA that says no fix lends a fix neither its dilutions nor its satellites (new-user trial, 7 Dec: bt451.log's
    /// first fix, a GLL after no-fix cycles, came out with HDOP 99.99, ±500 m and 0 satellites; gpsd has no eph
    /// there), whether it came in the fix's epoch or the one before (rx210.log: VDOP 44.97 of the no-fix second).
    @Test func aNoFixGSALendsAFixNothing() throws {
        let sameEpoch = try #require(
            decode(
                framed("GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99") + framed("GPGLL,4143.6058,N,08338.0778,W,120000,A,A")
            )
            .events.fixes.first)
        #expect(sameEpoch.hdop == nil && sameEpoch.vdop == nil && sameEpoch.pdop == nil)
        #expect(sameEpoch.satellitesUsed == nil && sameEpoch.horizontalAccuracy == nil)
        let epochBefore = try #require(
            decode(
                framed("GNGGA,184101.00,,,,,0,04,28.64,,,,,,") + framed("GNGSA,A,1,31,21,,,,,,,,,,,53.32,28.64,44.97")
                    + Self.gga("184102.00", hdop: "3.62")
            ).events.fixes.first)
        #expect(epochBefore.hdop == 3.62 && epochBefore.vdop == nil && epochBefore.verticalAccuracy == nil)
    }

    /// The epoch's mode is the best of its GSAs: a no-fix GSA that opens the next cycle before its first timed
    /// sentence (quectel.log, after its last fix) does not take the 2D GSA's dilutions away from the fix.
    @Test func theBestModeOfAnEpochsGSAsCounts() throws {
        let fix = try #require(
            decode(
                Self.gga("022038.00", hdop: "1.1") + framed("GPGSA,A,2,06,07,11,19,22,30,,,,,,,1.4,1.1,0.9")
                    + framed("GPGSA,A,1,,,,,,,,,,,,,,,")
            ).events.fixes.first)
        #expect(fix.vdop == 0.9 && fix.pdop == 1.4 && close(fix.verticalAccuracy, 4.5))
    }

    @Test func estimatedQualityIsAFixWithoutSatellites() {
        let fixes = decode(Self.gga("120000", quality: "6", satellites: "00")).events.fixes
        #expect(fixes.map(\.quality) == [.estimated])
    }

    @Test func emptySpeedIsNilButZeroStaysZero() throws {
        let empty = try #require(decode(Self.rmc("120000", date: "010125", speed: "", course: "")).events.fixes.first)
        #expect(empty.speed == nil && empty.course == nil)
        let zero = try #require(
            decode(Self.rmc("120000", date: "010125", speed: "0.00", course: "")).events.fixes.first)
        #expect(zero.speed == 0.0 && zero.course == nil)
    }

    @Test func vtgSuppliesSpeedInKilometresPerHour() throws {
        let text = Self.gga("120000") + framed("GPVTG,90.0,T,,M,,N,36.0,K,A")
        let fix = try #require(decode(text).events.fixes.first)
        #expect(close(fix.speed, 10.0) && fix.course == 90.0)
    }

    @Test func midnightCrossingCarriesTheDateForward() {
        let text = Self.rmc("235959.00", date: "311224") + Self.gga("000000.00") + Self.gga("000001.00")
        let timestamps = decode(text).events.fixes.map(\.timestamp)
        #expect(
            timestamps == [
                Date(timeIntervalSince1970: Self.epochSeconds(2024, 12, 31, 23, 59, 59)),
                Date(timeIntervalSince1970: Self.epochSeconds(2025, 1, 1, 0, 0, 0)),
                Date(timeIntervalSince1970: Self.epochSeconds(2025, 1, 1, 0, 0, 1)),
            ])
    }

    @Test func zdaSuppliesTheDate() {
        let text = Self.gga("201530.00") + framed("GPZDA,201530.00,04,07,2012,00,00")
        #expect(decode(text).events.fixes.first?.date == NMEADate(year: 2012, month: 7, day: 4))
    }

    @Test func unknownDateGivesTimeOfDayOnly() throws {
        let fix = try #require(decode(Self.gga("201530.25")).events.fixes.first)
        #expect(fix.timestamp == nil && fix.date == nil)
        #expect(fix.timeOfDay == NMEATimeOfDay(hour: 20, minute: 15, second: 30, nanosecond: 250_000_000))
    }

    @Test func timeGoingBackwardsKeepsTheDate() {
        // Humminbird: 19:41:24 then 19:41:11, same day.
        let text = Self.rmc("194124", date: "160906") + Self.gga("194111") + Self.gga("194112")
        var options = NMEADecoderOptions()
        options.rolloverReferenceDate = Date(timeIntervalSince1970: Self.epochSeconds(2007, 1, 1, 0, 0, 0))
        let fixes = decode(text, options: options).events.fixes
        #expect(
            fixes.map(\.timestamp) == [
                Date(timeIntervalSince1970: Self.epochSeconds(2006, 9, 16, 19, 41, 24)),
                Date(timeIntervalSince1970: Self.epochSeconds(2006, 9, 16, 19, 41, 11)),
                Date(timeIntervalSince1970: Self.epochSeconds(2006, 9, 16, 19, 41, 12)),
            ])
    }

    @Test(arguments: [
        // (RMC date, reference date, expected date)
        ("220899", (2025, 9, 1), (2019, 4, 7)),  // Telit after the 2019 rollover: +1024 weeks
        ("220899", (2000, 1, 1), (1999, 8, 22)),  // replaying a 1999 log: plausible as is
        ("160906", (2025, 9, 1), (2006, 9, 16)),  // 2006 is within 1000 weeks of 2025-09-01
        ("160407", (2026, 11, 30), (2026, 11, 30)),  // a receiver one era behind today: 2007-04-16 + 1024 weeks
    ])
    func weekRollover(_ field: String, _ reference: (Int, Int, Int), _ expected: (Int, Int, Int)) {
        var options = NMEADecoderOptions()
        options.rolloverReferenceDate = Date(
            timeIntervalSince1970: Self.epochSeconds(reference.0, reference.1, reference.2, 0, 0, 0))
        let date = decode(Self.rmc("000231.42", date: field), options: options).events.fixes.first?.date
        #expect(date == NMEADate(year: expected.0, month: expected.1, day: expected.2))
    }

    /// The rule against its definition, the date's day number moved by whole eras and turned back into a date, for
    /// every day of 1998 through 2027 and a date that does not exist as written (day 40, from mutating a parsed one),
    /// which the conversion carries into the next month.
    @Test func weekRolloverMatchesItsDefinitionForEveryDay() throws {
        let reference = Date(timeIntervalSince1970: Self.epochSeconds(2025, 9, 1, 0, 0, 0))
        func defined(_ date: NMEADate) -> NMEADate {
            let referenceDay = Int((reference.timeIntervalSince1970 / 86_400).rounded(.down))
            var day = date.daysSince1970
            for _ in 0..<4 where day < referenceDay - GPSWeekRollover.plausibleSpanInDays {
                day += GPSWeekRollover.eraLengthInDays
            }
            return NMEADate(daysSince1970: day)
        }
        let first = try #require(NMEADate(year: 1998, month: 1, day: 1)).daysSince1970
        let last = try #require(NMEADate(year: 2027, month: 12, day: 31)).daysSince1970
        for day in first...last {
            let date = NMEADate(daysSince1970: day)
            #expect(GPSWeekRollover.corrected(date, reference: reference) == defined(date), "\(date)")
            // The day number the assembler stamps fixes with is the repaired date's own.
            let (repaired, repairedDay) = GPSWeekRollover.corrected(dayOf: date, reference: reference)
            #expect(repaired == defined(date) && repairedDay == defined(date).daysSince1970, "\(date)")
        }
        var unreal = try #require(NMEADate(year: 2024, month: 2, day: 1))
        unreal.day = 40
        #expect(GPSWeekRollover.corrected(unreal, reference: reference) == NMEADate(year: 2024, month: 3, day: 11))
        #expect(GPSWeekRollover.corrected(dayOf: unreal, reference: reference).day == defined(unreal).daysSince1970)
    }

    @Test func headingEventsCarryTheOpenEpochTime() {
        let text = Self.gga("120000") + framed("GNHDT,360.0,T") + Self.gga("120001") + framed("GNHDT,244.28,T")
        let headings = decode(text).events.headings
        #expect(headings.map(\.trueHeading) == [0.0, 244.28])
        #expect(headings.map(\.source) == [.hdt, .hdt])
        #expect(
            headings.map(\.timeOfDay) == [
                NMEATimeOfDay(hour: 12, minute: 0, second: 0), NMEATimeOfDay(hour: 12, minute: 0, second: 1),
            ])
        #expect(headings.allSatisfy { $0.talker == "GN" && $0.timestamp == nil })
    }

    /// A GSA's 2D does not take the GGA's altitude away.
    ///
    /// Issue 31: a fix was 2D with an altitude (the receiver's GSA said 2D, its GGA gave an altitude). The rule is
    /// gpsd's: 3D when the receiver sent an altitude or its GSA says 3D, so both providers agree.
    @Test func aGSAsTwoDimensionsDoNotTakeTheGGAsAltitudeAway() {
        let withAltitude = framed("GPGSA,A,2,31,23,16,,,,,,,,,,2.4,2.2,1.0") + Self.gga("165044.000")
        let fix = decode(withAltitude).events.fixes.first
        #expect(fix?.mode == .threeDimensional && fix?.altitudeMSL == 204.3)
        let withoutAltitude = framed("GPGSA,A,2,31,23,16,,,,,,,,,,2.4,2.2,1.0") + Self.rmc("165044.000", date: "010125")
        #expect(decode(withoutAltitude).events.fixes.first?.mode == .twoDimensional)
        let saysThreeD = framed("GPGSA,A,3,31,23,16,08,,,,,,,,,2.4,2.2,1.0") + Self.rmc("165044.000", date: "010125")
        #expect(decode(saysThreeD).events.fixes.first?.mode == .threeDimensional)
    }

    @Test func gsaPerConstellationSatellitesAreSummedWhenGGAHasNone() {
        let text =
            Self.rmc("120000", date: "010125") + framed("GNGSA,A,3,02,08,10,,,,,,,,,,1.6,1.3,0.9,1")
            + framed("GNGSA,A,3,65,66,,,,,,,,,,,1.6,1.3,0.9,2")
        #expect(decode(text).events.fixes.first?.satellitesUsed == 5)
    }
}
