import Foundation
import Testing

@testable import NMEA0183

/// A malformed optional field is read as absent with a counted warning; the sentence is kept.
@Suite struct FieldToleranceTests {
    @Test(arguments: [
        // (sentence, field, field name): each still gives its fix.
        ("GPRMC,212615.879,A,4839.9396,N,00214.8909,E,0.78,237.93,181207,,N,A", 11, "magnetic variation direction"),
        ("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,999.9,W", 10, "magnetic variation"),
        ("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,3.1,", 11, "magnetic variation direction"),
        ("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,,,C", 12, "mode"),
        ("GPRMC,123519,A,4807.038,N,01131.000,E,-22.4,084.4,230394,003.1,W", 7, "speed"),
        ("GPRMC,123519,A,4807.038,N,01131.000,E,1.2.3,084.4,230394,003.1,W", 7, "speed"),
        ("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,361.0,230394,003.1,W", 8, "course"),
        ("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,300294,003.1,W", 9, "date"),
        ("GPGGA,123519,4807.038,N,01131.000,E,1,08,x.9,545.4,M,46.9,M,,", 8, "HDOP"),
        ("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,4-6.9,M,,", 11, "geoid separation"),
        ("GPGGA,123519,4807.038,N,01131.000,E,1,8.5,0.9,545.4,M,46.9,M,,", 7, "satellites used"),
        ("GPGLL,4807.038,N,01131.000,E,123519,A,Z", 7, "mode"),
    ])
    func optionalFieldIsIgnored(_ body: String, _ field: Int, _ name: String) throws {
        let (events, decoder) = decode(framed(body))
        #expect(events.fixes.count == 1)
        #expect(decoder.statistics.rejectedSentences == 0 && decoder.statistics.acceptedSentences == 1)
        #expect(decoder.statistics.ignoredFields == 1)
        let diagnostic = try #require(decoder.diagnostics.first)
        #expect(diagnostic.severity == .warning && diagnostic.field == field && diagnostic.fieldName == name)
        #expect(diagnostic.description(source: "log").hasSuffix("; field ignored"))
        #expect(diagnostic.description(source: "log").hasPrefix("log:1: warning: "))
    }

    /// Without sentences to report, the decoder checks GSA and GSV satellite lists without keeping them (issue 30):
    /// the same warnings, rejections and GSA satellite count as when it keeps them.
    @Test func satelliteListsAreCheckedWhetherKeptOrNot() throws {
        let text =
            framed("GPGSV,2,1,08,01,40,083,46,02,17,308,x,03,07,344,39,04,22,228,45")  // SNR "x": ignored
            + framed("GPGSV,2,2,08,1000,40,083,46")  // satellite id out of range: rejected
            + framed("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1")
            + framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,,,A")
            + framed("GPRMC,123520,A,4807.038,N,01131.000,E,022.4,084.4,230394,,,A")
        var silent = NMEADecoderOptions()
        silent.reportsSentences = false
        let kept = decode(text)
        let dropped = decode(text, options: silent)
        for (events, decoder) in [kept, dropped] {
            #expect(decoder.statistics.ignoredFields == 1 && decoder.statistics.rejectedSentences == 1)
            #expect(decoder.statistics[.malformedField] == 1)
            #expect(decoder.diagnostics.map(\.fieldName) == ["SNR", "satellite id"])
            #expect(events.fixes.map(\.satellitesUsed) == [5, 5])
        }
        #expect(dropped.events.messages.isEmpty)
        let gsv = kept.events.messages.compactMap { if case .gsv(let value, _) = $0 { value } else { nil } }
        let gsa = kept.events.messages.compactMap { if case .gsa(let value, _) = $0 { value } else { nil } }
        #expect(gsv.first?.satellites.map(\.id) == [1, 2, 3, 4] && gsv.first?.satellites[1].snr == nil)
        #expect(gsa.first?.satellites == [4, 5, 9, 12, 24])
    }

    @Test func motorolaVariationLetterKeepsTheDateAndEveryFix() {
        // motorola-t805.log: every RMC has variation direction N; before, none was accepted and no fix had a date.
        let text =
            framed("GPGGA,212615.879,4839.9396,N,00214.8909,E,1,05,2.1,140.3,M,47.7,M,,0000")
            + framed("GPRMC,212615.879,A,4839.9396,N,00214.8909,E,0.78,237.93,181207,,N,A")
        let (events, decoder) = decode(text)
        let fix = events.fixes.first
        #expect(fix?.date == NMEADate(year: 2007, month: 12, day: 18) && fix?.magneticVariation == nil)
        #expect(fix.map { close($0.speed, 0.78 * 1852 / 3600) && $0.course == 237.93 } == true)
        #expect(decoder.statistics.ignoredFields == 1 && decoder.statistics.rejectedSentences == 0)
    }

    @Test func variationWithoutItsLetterIsUnknownNotEast() {
        let fix = decode(framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,3.1,")).events.fixes.first
        #expect(fix != nil && fix?.magneticVariation == nil)
        let west = decode(framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,3.1,W")).events.fixes
        #expect(west.first?.magneticVariation == -3.1)
    }

    @Test func emptyVariationIsNotZero() {
        let fix = decode(framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,,,A")).events.fixes.first
        #expect(fix != nil && fix?.magneticVariation == nil)
    }

    @Test func zdaWithAnImpossibleDayKeepsItsTime() {
        let (events, decoder) = decode(
            framed("GPGGA,201530.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
                + framed("GPZDA,201530.00,31,02,2002,00,00"))
        #expect(events.fixes.count == 1 && events.fixes.first?.date == nil)
        #expect(decoder.statistics.ignoredFields == 1 && decoder.diagnostics.first?.fieldName == "day")
    }

    /// Cases of (latitude field, longitude field, latitude, longitude).
    static let splits: [(String, String, Double, Double)] = [
        ("05130.5000000", "00007.5000000", 51 + 30.5 / 60, 7.5 / 60),  // zero-padded degrees, many decimals
        ("5130.5", "0007.5", 51 + 30.5 / 60, 7.5 / 60),  // the usual widths
        ("000449.9208", "0000449.9208", 4 + 49.9208 / 60, 4 + 49.9208 / 60),  // more padding still
        ("8959.99999999", "17959.99999999", 89 + 59.99999999 / 60, 179 + 59.99999999 / 60),
        ("4807", "01131", 48 + 7.0 / 60, 11 + 31.0 / 60),  // no decimals
    ]

    @Test(arguments: splits)
    func latitudeAndLongitudeSplitAtTheDecimalPoint(
        _ latitudeField: String, _ longitudeField: String, _ latitude: Double, _ longitude: Double
    ) throws {
        let body = "GPGLL,\(latitudeField),N,\(longitudeField),E,123519,A,A"
        let fix = try #require(decode(framed(body)).events.fixes.first)
        #expect(close(fix.latitude, latitude, 1e-12) && close(fix.longitude, longitude, 1e-12))
    }

    @Test(arguments: [
        ("05160.0000", "00007.5", "latitude"),  // 60 minutes
        ("9100.0000", "00007.5", "latitude"),  // 91°
        ("0090.0000", "00007.5", "latitude"),  // 0° 90′
        ("5130.5", "18000.0001", "longitude"),  // beyond 180°
        ("5130.5", "00449.9208x", "longitude"),  // not a number
        ("30.5", "00007.5", "latitude"),  // no degree digit
    ])
    func impossibleSplitsAreRejected(_ latitudeField: String, _ longitudeField: String, _ name: String) {
        let (events, decoder) = decode(framed("GPGLL,\(latitudeField),N,\(longitudeField),E,123519,A,A"))
        #expect(events.fixes.isEmpty)
        #expect(decoder.statistics[.malformedField] == 1 && decoder.diagnostics.first?.fieldName == name)
    }
}
