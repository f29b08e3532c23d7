import Foundation
import SharedTestSupport
import Testing

@testable import NMEA0183

@Suite struct FramingAndRejectionTests {
    static let gga = framed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")

    @Test(arguments: [
        // (input, reason, diagnostic)
        (
            "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*48\r\n",
            NMEARejectionReason.checksumMismatch,
            "log.nmea:1: error: GGA sentence: checksum is 48, computed 47"
        ),
        (
            "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4\r\n", .malformedChecksum,
            "log.nmea:1: error: GGA sentence: expected two hexadecimal digits after '*'"
        ),
        (
            "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,\r\n", .missingChecksum,
            "log.nmea:1: error: GGA sentence: no '*hh' checksum at the end"
        ),
        (
            "$GPGGA,030130$GPGLL,2638.1728,N,08011.3893,W,030131.000,A,A*41\r\n", .truncated,
            "log.nmea:1: error: GGA sentence: cut short: a new '$' or '!' arrived before the end of the line"
        ),
        (
            "$GPTXT," + String(repeating: "A", count: 300) + "\r\n", .tooLong,
            "log.nmea:1: error: TXT sentence: longer than 200 characters"
        ),
        (
            "$GPGGA,12\u{01}3519*00\r\n", .invalidCharacter,
            "log.nmea:1: error: GGA sentence: control or non-ASCII byte inside the sentence"
        ),
        (
            framed("GPGGAX,1"), .invalidAddress,
            "log.nmea:1: error: expected a talker and sentence type like GPGGA"
        ),
        (
            framed("GPGGA,123519,4807.038,N"), .missingField,
            "log.nmea:1: error: GGA field 9 (altitude): expected at least 9 fields, found 3"
        ),
        (
            framed("GPGGA,123519,4807.038,N,01131.000,E,x,08,0.9,545.4,M,46.9,M,,"), .malformedField,
            "log.nmea:1: error: GGA field 6 (quality): expected an integer in 0...8"
        ),
    ])
    func rejection(_ input: String, _ reason: NMEARejectionReason, _ diagnostic: String) {
        let (events, decoder) = decode(input)
        // The truncated case's second sentence is a good GLL; every other input must give nothing.
        #expect(events.fixes.count == (reason == .truncated ? 1 : 0))
        #expect(decoder.statistics[reason] == 1)
        #expect(decoder.statistics.rejectedSentences == 1)
        #expect(decoder.diagnostics.map { $0.description(source: "log.nmea") } == [diagnostic])
    }

    /// Fields a fix needs (time, status, position) and a GSV's structure reject the sentence.
    @Test(arguments: [
        ("GPRMC,123519,A,4807.038,X,01131.000,E,022.4,084.4,230394,003.1,W", 4, "latitude hemisphere"),
        ("GPRMC,123519,A,9107.038,N,01131.000,E,022.4,084.4,230394,003.1,W", 3, "latitude"),
        ("GPRMC,123519,A,4867.038,N,01131.000,E,022.4,084.4,230394,003.1,W", 3, "latitude"),
        ("GPRMC,126019,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W", 1, "time"),
        ("GPRMC,123519,X,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W", 2, "status"),
        ("GPGSV,2,3,08", 2, "sentence number"),
    ])
    func malformedFields(_ body: String, _ field: Int, _ name: String) {
        let (events, decoder) = decode(framed(body))
        #expect(events.fixes.isEmpty && events.noFixes.isEmpty)
        #expect(decoder.statistics[.malformedField] == 1)
        #expect(decoder.diagnostics.first?.field == field)
        #expect(decoder.diagnostics.first?.fieldName == name)
    }

    @Test func lowerCaseChecksumAccepted() {
        // XOR of the body is 0x6A; written as "6a".
        let (events, decoder) = decode("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6a\r\n")
        #expect(decoder.statistics.acceptedSentences == 1 && events.fixes.count == 1)
    }

    @Test func missingChecksumAcceptedOnlyWhenLenient() {
        var options = NMEADecoderOptions()
        options.acceptsMissingChecksum = true
        let body = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,\r\n"
        #expect(decode(body).events.fixes.isEmpty)
        let lenient = decode(body, options: options)
        #expect(lenient.events.fixes.count == 1 && lenient.decoder.statistics.acceptedSentences == 1)
        #expect(lenient.events.messages.first?.sentence.hasChecksum == false)
    }

    @Test func mergedSentenceResynchronisesOnDollar() {
        let text = "$GPGGA,030130$GPGLL,2638.1728,N,08011.3893,W,030131.000,A,A*41\r\n"
        let (events, decoder) = decode(text)
        #expect(decoder.statistics[.truncated] == 1 && decoder.statistics.acceptedSentences == 1)
        #expect(events.fixes.count == 1 && close(events.fixes.first?.latitude, 26 + 38.1728 / 60))
    }

    @Test func lineEndingsAndNoise() {
        let body = "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
        let sentence = framed(body, ending: "")
        let text =
            "# a comment line\n" + "{\"class\":\"VERSION\",\"release\":\"3.25\"}\r\n" + "   " + sentence + "\n"
            + "\u{00}\u{FF}\u{7F}garbage\n" + sentence + "\r" + sentence + "\r\n"
        let (events, decoder) = decode(text)
        #expect(decoder.statistics.acceptedSentences == 3)
        #expect(decoder.statistics.skippedLines == 3)
        #expect(decoder.statistics.rejectedSentences == 0)
        #expect(events.fixes.count == 1)
    }

    @Test func commentLinesAreSkippedEvenWithDollarSigns() {
        let text =
            "#       Non-standard field 18 in $BDGSA.  Floating point\r\n  # indented $GPGGA comment\n" + Self.gga
        let (events, decoder) = decode(text)
        #expect(decoder.statistics.rejectedSentences == 0 && decoder.statistics.skippedLines == 2)
        #expect(events.fixes.count == 1 && decoder.diagnostics.isEmpty)
    }

    @Test func unterminatedLastSentenceIsDecodedOnFinish() {
        let (events, decoder) = decode(
            framed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", ending: ""))
        #expect(decoder.statistics.acceptedSentences == 1 && events.fixes.count == 1)
    }

    @Test func binaryGarbageNeverCrashesOrFixes() {
        var generator = SplitMix64(seed: 0x5EED)
        var bytes = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes += Array(Self.gga.utf8)
        var decoder = NMEADecoder()
        let events = decoder.feed(bytes) + decoder.finish()
        // Garbage may contain '$' and form candidates, but an 8-bit checksum plus field validation must
        // reject them; only the real sentence at the end gives a fix.
        #expect(events.fixes.count == 1 && close(events.fixes.first?.latitude, 48.1173))
        #expect(decoder.statistics.acceptedSentences <= 2)
    }

    @Test func chunkBoundariesDoNotMatter() {
        let text =
            Self.gga + "$GPGGA,030130" + framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
            + framed("GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let whole = decode(text)
        var decoder = NMEADecoder()
        var events: [NMEAEvent] = []
        for byte in text.utf8 { events += decoder.feed([byte]) }
        events += decoder.finish()
        #expect(events == whole.events && decoder.statistics == whole.decoder.statistics)
        #expect(events.fixes.count == 2)
    }

    @Test func overlongButPlausibleSentencesAreAccepted() {
        // 93-character RTK GGA (8-decimal minutes): over the standard's 82, within our 200.
        let rtk = framed("GNGGA,152347.00,4221.82393219,N,07101.94172183,W,4,12,0.9,12.345,M,-33.057,M,1.0,0031")
        #expect(rtk.utf8.count > NMEA0183.standardMaximumSentenceLength)
        let (events, _) = decode(rtk)
        #expect(events.fixes.first?.quality == .rtkFixed)
        var strict = NMEADecoderOptions()
        strict.maximumSentenceLength = 82
        #expect(decode(rtk, options: strict).decoder.statistics[.tooLong] == 1)
    }

    @Test func diagnosticsAreBounded() {
        var options = NMEADecoderOptions()
        options.maximumDiagnostics = 3
        var text = ""
        for line in 1...5 { text += "$GPGGA,\(line)*00\r\n" }
        let (_, decoder) = decode(text, options: options)
        #expect(decoder.diagnostics.map(\.line) == [3, 4, 5])
        #expect(decoder.droppedDiagnosticCount == 2)
        #expect(decoder.statistics[.checksumMismatch] == 5)
    }

    /// A bad checksum's detail names both checksums in two uppercase hexadecimal digits, for every checksum written and
    /// computed (the detail is written byte by byte, not interpolated).
    @Test func checksumMismatchDetailsNameBothChecksums() throws {
        func hex(_ byte: UInt8) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
        var mismatches = 0
        for body in ["GPGGA,1", "GPRMC,,V", "PGLOR,1,STA", "GPZDA,1", "GPGSV,1,1,00", "GPVTG,", "GPHDT,1.5,T"] {
            let computed = body.utf8.reduce(UInt8(0), ^)
            for written in UInt8.min...UInt8.max where written != computed {
                let text = Array("$\(body)*\(hex(written))\r\n".utf8)
                #expect(throws: NMEASentence.ParseError.self) { try NMEASentence(parsing: text) }
                do {
                    _ = try NMEASentence(parsing: text)
                } catch {
                    #expect(error.reason == .checksumMismatch)
                    #expect(error.detail == "checksum is \(hex(written)), computed \(hex(computed))", "\(body)")
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 7 * 255)
    }
}
