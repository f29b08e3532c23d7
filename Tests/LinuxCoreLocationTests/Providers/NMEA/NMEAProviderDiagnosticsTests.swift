import Foundation
import NMEA0183
import Testing

@testable import LinuxCoreLocation

/// The replay's end-of-file line names the input's first problem, on the right line, without field values unless
/// asked for.
@Suite struct NMEAProviderDiagnosticsTests {
    /// Reads `text` to the end through a replay source; returns its summary line.
    private func summary(_ text: String, includesFieldValues: Bool = false) throws -> (String?, path: String) {
        let path = temporaryLog(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = NMEADecoderOptions()
        options.includesFieldValues = includesFieldValues
        let source = try NMEAReplaySource(path: path, options: options)
        while try source.next() != nil {}
        return (source.rejectionSummary, path)
    }

    static let badChecksum = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00\r\n"

    @Test func firstNamesTheFirstLineEvenAfter150BadLines() throws {
        let (line, path) = try summary(String(repeating: Self.badChecksum, count: 150))
        #expect(
            line
                == "\(path): 150 sentences rejected (checksumMismatch 150); first: \(path):1: error: GGA sentence: "
                + "checksum is 00, computed 47")
    }

    @Test func carriageReturnLineEndingsNameTheirLines() throws {
        let good = nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,").replacingOccurrences(
            of: "\r\n", with: "\r")
        let (line, path) = try summary(good + good + Self.badChecksum.replacingOccurrences(of: "\r\n", with: "\r"))
        #expect(line?.hasSuffix("first: \(path):3: error: GGA sentence: checksum is 00, computed 47") == true)
    }

    @Test func ignoredFieldsAreCountedAndValuesShownOnlyWhenAsked() throws {
        let text =
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,999.9,W")
            + nmeaSentence("GPGLL,4807.038,N,00449.9208x,E,123520,A,A")
        let (quiet, path) = try summary(text)
        #expect(
            quiet
                == "\(path): 1 sentence rejected (malformedField 1), 1 optional field ignored; first: \(path):1: "
                + "warning: RMC field 10 (magnetic variation): expected a decimal number in 0.0...180.0; field ignored")
        #expect(quiet?.contains("00449.9208x") == false && quiet?.contains("999.9") == false)
        let (verbose, _) = try summary(text, includesFieldValues: true)
        #expect(verbose?.contains("found \"999.9\"") == true)
    }
}
