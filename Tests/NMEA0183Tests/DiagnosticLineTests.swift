import Foundation
import Testing

@testable import NMEA0183

/// Diagnostics name the right line, keep the first one, and show field values only when asked.
@Suite struct DiagnosticLineTests {
    static let badLine = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00\r\n"

    @Test func theFirstDiagnosticOutlivesTheBoundedList() {
        // 150 bad lines from line 1: the kept list holds lines 51...150, the first is still line 1.
        let (_, decoder) = decode(String(repeating: Self.badLine, count: 150))
        #expect(decoder.firstDiagnostic?.line == 1)
        #expect(decoder.diagnostics.count == 100 && decoder.diagnostics.first?.line == 51)
        #expect(decoder.droppedDiagnosticCount == 50)
    }

    @Test(arguments: ["\r", "\n", "\r\n"])
    func everyLineEndingCountsLines(_ ending: String) {
        let good = framed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", ending: ending)
        let bad = Self.badLine.replacingOccurrences(of: "\r\n", with: ending)
        let text = good + "# comment" + ending + bad + good + bad
        let (_, decoder) = decode(text)
        #expect(decoder.diagnostics.map(\.line) == [3, 5])
    }

    @Test(arguments: ["\r", "\n", "\r\n"])
    func blankLinesCountAndAreNotSkippedLines(_ ending: String) {
        // The gpsdf log's layout: a blank line after every sentence.
        let bad = Self.badLine.replacingOccurrences(of: "\r\n", with: ending)
        let (_, decoder) = decode(ending + bad + ending + ending + bad + ending)
        #expect(decoder.diagnostics.map(\.line) == [2, 5])
        #expect(decoder.statistics.skippedLines == 0)
    }

    @Test func crLineEndingsAcrossChunksCountOnce() {
        // A CR LF split between two chunks is one line ending, not two.
        var decoder = NMEADecoder()
        _ = decoder.feed(Array((Self.badLine.dropLast()).utf8))
        _ = decoder.feed(Array("\n".utf8) + Array(Self.badLine.utf8))
        _ = decoder.finish()
        #expect(decoder.diagnostics.map(\.line) == [1, 2])
    }

    @Test func fieldValuesAreShownOnlyWhenAsked() throws {
        let text = framed("GPGLL,4807.038,N,00449.9208x,E,123519,A,A")
        let quiet = try #require(decode(text).decoder.diagnostics.first)
        #expect(quiet.foundValue == nil)
        #expect(quiet.description(source: "log") == "log:1: error: GLL field 3 (longitude): expected dddmm.mmmm")
        var options = NMEADecoderOptions()
        options.includesFieldValues = true
        let verbose = try #require(decode(text, options: options).decoder.diagnostics.first)
        #expect(
            verbose.description(source: "log")
                == "log:1: error: GLL field 3 (longitude): expected dddmm.mmmm, found \"00449.9208x\"")
    }

    @Test func warningsHideValuesToo() throws {
        let text = framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,999.9,W")
        let quiet = try #require(decode(text).decoder.diagnostics.first)
        #expect(
            quiet.description(source: "log")
                == "log:1: warning: RMC field 10 (magnetic variation): expected a decimal number in 0.0...180.0; field ignored"
        )
        var options = NMEADecoderOptions()
        options.includesFieldValues = true
        #expect(decode(text, options: options).decoder.diagnostics.first?.foundValue == "999.9")
    }
}
