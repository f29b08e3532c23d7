import Foundation
import Testing

@testable import NMEA0183

/// ``NMEAEncoder`` writes sentences a decoder reads back to the same values: exact texts for known fixes (the
/// checksums computed independently by `framed`), the carries of rounding, and the limits of the input.
@Suite struct NMEAEncoderTests {
    /// 2024-03-09T23:59:59.9996Z: rounds to the next day's midnight.
    static let lastInstantOfADay = Date(timeIntervalSince1970: 1_710_028_799.9996)
    /// 2019-07-04T12:34:56.789Z.
    static let noon = Date(timeIntervalSince1970: 1_562_243_696.789)

    static func fix(_ latitude: Double, _ longitude: Double, at timestamp: Date = noon) -> NMEAEncoder.Fix {
        guard let fix = NMEAEncoder.Fix(timestamp: timestamp, latitude: latitude, longitude: longitude) else {
            preconditionFailure("the test's fixes are valid")
        }
        return fix
    }

    @Test func aFixWithEveryValueIsWrittenAsGGARMCGSAAndGST() {
        var fix = Self.fix(48.858_370, -2.294_481)
        fix.altitudeMSL = 35.123_4
        fix.geoidSeparation = 47.5
        fix.speed = 5.144_444  // 10 knots
        fix.course = 359.996  // rounds to 360.00, written 0.00 as the same direction
        fix.horizontalAccuracy = 2.5
        fix.verticalAccuracy = 4
        fix.mode = .threeDimensional
        fix.satellitesUsed = 8
        fix.hdop = 0.9
        fix.vdop = 1.25
        fix.pdop = 1.55
        #expect(
            NMEAEncoder().sentences(for: fix) == [
                framed("GPGGA,123456.789,4851.502200,N,00217.668860,W,1,08,0.90,35.123,M,47.500,M,,"),
                framed("GPRMC,123456.789,A,4851.502200,N,00217.668860,W,10.000,0.00,040719,,,A"),
                framed("GPGSA,A,3,,,,,,,,,,,,,1.55,0.90,1.25"),
                framed("GPGST,123456.789,,,,,1.768,1.768,4.000"),
            ])
    }

    @Test func unknownValuesAreEmptyFieldsAndNoGSAOrGSTIsWrittenWithoutThem() {
        #expect(
            NMEAEncoder(talker: "GN").sentences(for: Self.fix(-33.5, 151.25)) == [
                framed("GNGGA,123456.789,3330.000000,S,15115.000000,E,1,,,,,,,,"),
                framed("GNRMC,123456.789,A,3330.000000,S,15115.000000,E,,,040719,,,A"),
            ])
    }

    @Test func roundingCarriesMinutesIntoDegreesAndMillisecondsIntoTheDate() {
        // 10.9999999999°: 59.99999999 minutes round to 60.000000, written as 11°00.000000'.
        let sentences = NMEAEncoder().sentences(
            for: Self.fix(10.999_999_999_9, -0.000_000_000_1, at: Self.lastInstantOfADay))
        #expect(sentences[0] == framed("GPGGA,000000.000,1100.000000,N,00000.000000,W,1,,,,,,,,"))
        #expect(sentences[1] == framed("GPRMC,000000.000,A,1100.000000,N,00000.000000,W,,,100324,,,A"))
    }

    @Test func outOfRangeOptionalValuesAreUnknownAndInvalidFixesAreRefused() {
        var fix = Self.fix(0, 0)
        fix.speed = -1
        fix.course = 360
        fix.horizontalAccuracy = 0
        fix.verticalAccuracy = .nan
        fix.hdop = 120
        fix.satellitesUsed = 100
        fix.altitudeMSL = .infinity
        #expect(
            [fix.speed, fix.course, fix.horizontalAccuracy, fix.verticalAccuracy, fix.hdop, fix.altitudeMSL]
                .allSatisfy { $0 == nil })
        #expect(fix.satellitesUsed == nil)
        #expect(NMEAEncoder().sentences(for: fix).count == 2)
        #expect(NMEAEncoder.Fix(timestamp: Self.noon, latitude: 90.000_1, longitude: 0) == nil)
        #expect(NMEAEncoder.Fix(timestamp: Self.noon, latitude: .nan, longitude: 0) == nil)
        #expect(NMEAEncoder.Fix(timestamp: Self.noon, latitude: 0, longitude: -180.5) == nil)
        // RMC's two-digit year reads 80–99 as 1980–1999 and 00–79 as 2000–2079.
        #expect(NMEAEncoder.Fix(timestamp: Date(timeIntervalSince1970: 315_532_799), latitude: 0, longitude: 0) == nil)
        #expect(NMEAEncoder.Fix(timestamp: Date(timeIntervalSince1970: 315_532_800), latitude: 0, longitude: 0) != nil)
        #expect(
            NMEAEncoder.Fix(timestamp: Date(timeIntervalSince1970: 3_471_292_800), latitude: 0, longitude: 0) == nil)
    }

    @Test func headingsAreHDTWhenTrueElseHDGAndNothingWhenUnknown() {
        let encoder = NMEAEncoder()
        #expect(encoder.headingSentence(trueHeading: 359.996, magneticHeading: 2) == framed("GPHDT,0.00,T"))
        #expect(encoder.headingSentence(trueHeading: -1, magneticHeading: 12.347) == framed("GPHDG,12.35,,,,"))
        #expect(encoder.headingSentence(trueHeading: -1, magneticHeading: .nan) == nil)
    }

    @Test func textSentencesReplaceReservedCharactersAndStayInOneSentence() {
        let text = NMEAEncoder().textSentence("a$b*c,d!e\\f^g~h\u{e9}" + String(repeating: "x", count: 80))
        #expect(text == framed("GPTXT,01,01,02,a b c d e f g h  " + String(repeating: "x", count: 44)))
        #expect(text.utf8.count <= 82)
    }

    @Test func anInvalidTalkerIsReplacedByGP() {
        #expect(NMEAEncoder(talker: "gp").talker == "GP")
        #expect(NMEAEncoder(talker: "GPS").talker == "GP")
        #expect(NMEAEncoder(talker: "II").talker == "II")
    }

    /// What the encoder writes, the decoder reads back: one fix per epoch with the same values.
    @Test func theDecoderReadsBackWhatWasWritten() {
        var fix = Self.fix(-45.123_456_78, 170.987_654_32)
        fix.altitudeMSL = -12.345
        fix.geoidSeparation = -20.5
        fix.speed = 12.34
        fix.course = 181.5
        fix.horizontalAccuracy = 3.21
        fix.verticalAccuracy = 6.5
        fix.mode = .threeDimensional
        fix.hdop = 1.1
        let text = NMEAEncoder().sentences(for: fix).joined()
        let fixes = decode(text).events.fixes
        #expect(fixes.count == 1)
        guard let decoded = fixes.first else { return }
        #expect(abs((decoded.timestamp ?? .distantPast).timeIntervalSince(Self.noon)) < 1e-6)
        #expect(close(decoded.latitude, fix.latitude, 1e-8) && close(decoded.longitude, fix.longitude, 1e-8))
        #expect(close(decoded.altitudeMSL, -12.345) && close(decoded.geoidSeparation, -20.5))
        #expect(close(decoded.speed, 12.34, 3e-4) && close(decoded.course, 181.5))
        #expect(close(decoded.horizontalAccuracy, 3.21, 1e-3) && close(decoded.verticalAccuracy, 6.5))
        #expect(decoded.mode == .threeDimensional && decoded.hdop == 1.1)
    }
}
