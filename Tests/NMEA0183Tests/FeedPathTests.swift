import Foundation
import SharedTestSupport
import Testing

@testable import NMEA0183

/// The contiguous fast path of `NMEADecoder.feed` (buffers, arrays, `Data`) against the byte-by-byte path of any
/// other sequence: same events, statistics and diagnostics, however the input is cut.
struct FeedPathTests {
    /// Every framing case: comments, foreign bytes, `$$`, a cut-short sentence, an overlong one, a control byte,
    /// bare CR, CR LF and LF endings, a bad checksum and an unterminated last line.
    static let framingCases: [UInt8] = Array(
        ("# comment with $GPGGA,1*00 inside\n  \t# indented comment\r\n{\"class\":\"TPV\"}\n"
            + framed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
            + "$$GPGLL,030130$"
            + framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W", ending: "\r")
            + "junk " + framed("GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", ending: "\n")
            + "$GP" + String(repeating: "X", count: 300) + "\r\n"
            + "$GPGSA,A,3,\u{01}04,05,,*1D\r\n"
            + "$GPGGA,123521,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00\r\n"
            + framed("GPGGA,123522,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", ending: "")).utf8)

    @Test func framingCasesMatchTheByteByBytePath() {
        let reference = Self.byteByByte(Self.framingCases)
        #expect(reference.decoder.statistics.rejectedSentences >= 4)
        #expect(reference.decoder.statistics.skippedLines >= 1)
        #expect(reference.events.fixes.count == 3)
        for chunkSize in [1, 2, 7, 64, Self.framingCases.count] {
            let fast = Self.chunked(Self.framingCases, chunkSizes: { chunkSize })
            Self.expectSame(fast, reference)
        }
    }

    /// Lines of bytes outside sentences (JSON, blanks and tabs before a sentence or alone, `#` after other bytes or
    /// first, junk, a `!` or `$` among them), drawn from a seeded generator and cut into chunks of every size: the
    /// runs the framer skips at once give the same lines, rejections and fixes as the byte-by-byte path.
    @Test func bytesOutsideSentencesMatchTheByteByBytePath() {
        let pieces = [
            "{\"class\":\"TPV\",\"mode\":3}", "  ", "\t", " \t ", "# note", "junk", "a#b", "x!y", "$", "!", " $",
            framed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", ending: ""),
            framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W", ending: ""),
        ]
        let endings = ["\r\n", "\n", "\r", ""]
        var generator = SplitMix64(seed: 30)
        for round in 0..<200 {
            var text = ""
            for _ in 0..<40 {
                for _ in 0..<(1 + Int(generator.next() % 3)) {
                    text += pieces[Int(generator.next() % UInt64(pieces.count))]
                }
                text += endings[Int(generator.next() % UInt64(endings.count))]
            }
            let bytes = Array(text.utf8)
            let reference = Self.byteByByte(bytes)
            let fast = Self.chunked(bytes, chunkSizes: { 1 + Int(generator.next() % 97) })
            Self.expectSame(fast, reference, "round \(round)")
        }
    }

    /// Sentences the framer scans in place, in and outside the form the decoder reads without the general parse
    /// (`*hh` last with the right checksum, a valid address): the same results as the byte-by-byte path, which always
    /// parses in full — every address length and kind, checksum digit case, a wrong or malformed checksum, none.
    @Test func addressAndChecksumCasesMatchTheByteByBytePath() {
        let bodies = [
            "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", "GPZDA", "GPZDA,", "P", "P,1", "PX,1",
            "PGRMZ,246,f,3", "PABCDEFGHIJKLMN,1", "PABCDEFGHIJKLMNO,1", "GPGG,1", "GPGGAA,1", "GPgGA,1", "1PGGA,1",
            "GP-GA,1", "GP@GA,1", "GP[GA,1", "GP/GA,1", "GP:GA,1", "GP`GA,1", "GP{GA,1", "G1234,1", "PQ9,1",
            "AIVDM,1", ",1", "", "GPGSA,A,3,04,05,,,,,,,,,,,2.5,1.3,2.1",
        ]
        var text = ""
        for body in bodies {
            let sentence = framed(body)
            text += sentence + sentence.lowercased().replacingOccurrences(of: body.lowercased(), with: body)
            text += "!" + sentence.dropFirst()  // encapsulated: the same checksum, not a receiver's sentence
            for malformed in ["", "*", "*4", "*4G", "*123", "*00"] { text += "$" + body + malformed + "\r\n" }
            text += sentence.replacingOccurrences(of: "\r\n", with: " \r\n")
        }
        text += "!" + framed("AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0", ending: "\r\n").dropFirst()
        let bytes = Array(text.utf8)
        for acceptsMissingChecksum in [false, true] {
            var options = NMEADecoderOptions()
            options.acceptsMissingChecksum = acceptsMissingChecksum
            let reference = Self.byteByByte(bytes, options: options)
            #expect(reference.decoder.statistics.acceptedSentences > 20)
            #expect(reference.decoder.statistics[.checksumMismatch] > 10)
            #expect(reference.decoder.statistics[.invalidAddress] > 10)
            Self.expectSame(
                Self.chunked(bytes, options: options, chunkSizes: { bytes.count }), reference,
                "missing checksum accepted: \(acceptsMissingChecksum)")
        }
    }

    /// A `# Date:` header, cut anywhere, is read as the rollover reference (a 1999 date stays in 1999, as it would
    /// not with the default reference of 2025), as on the byte-by-byte path; so is a long comment before it.
    @Test func aDateHeaderCutAnywhereIsTheRolloverReference() throws {
        let bytes = Array(
            ("# a comment longer than the twenty-four bytes kept of a comment line\r\n# Date: 1999-08-01 \r\n"
                + framed("GPRMC,000231.42,A,4829.0005,N,00022.0016,E,0.16,212.28,220899,,,A")).utf8)
        let reference = Self.byteByByte(bytes)
        let date = try #require(reference.events.fixes.first?.date)
        #expect(date == NMEADate(year: 1999, month: 8, day: 22))
        for chunkSize in 1...bytes.count {
            Self.expectSame(Self.chunked(bytes, chunkSizes: { chunkSize }), reference, "chunks of \(chunkSize)")
        }
    }

    @Test func overlongSentenceAtAChunkBoundaryIsRejectedOnce() {
        var options = NMEADecoderOptions()
        options.maximumSentenceLength = 20
        let bytes = Array(("$GPABC," + String(repeating: "7", count: 40) + "\r\n" + framed("GPZZZ,1")).utf8)
        let reference = Self.byteByByte(bytes, options: options)
        #expect(reference.decoder.statistics[.tooLong] == 1)
        for chunkSize in 1...bytes.count {
            Self.expectSame(Self.chunked(bytes, options: options, chunkSizes: { chunkSize }), reference)
        }
    }

    @Test(GpsdRegressionLog.needsFolders) func gpsdLogsMatchTheByteByBytePath() throws {
        let logs = GpsdRegressionLog.required()
        var generator = SplitMix64(seed: 0xFEED)
        for log in logs {
            let bytes = [UInt8](try Data(contentsOf: log.url))
            let reference = Self.byteByByte(bytes)
            let fast = Self.chunked(bytes, chunkSizes: { Int(generator.next() % 300) + 1 })
            Self.expectSame(fast, reference, log.name)
            var whole = NMEADecoder()
            let data = whole.feed(Data(bytes)) + whole.finish()
            #expect(data == reference.events && whole.statistics == reference.decoder.statistics, "\(log)")
        }
    }

    /// Without sentence events the decoder takes a path that builds no `NMEASentence` or `NMEAMessage`: it must
    /// give the same fixes, no-fixes, headings, statistics and diagnostics.
    @Test(GpsdRegressionLog.needsFolders) func withoutSentenceEventsTheResultsAreTheSame() throws {
        var options = NMEADecoderOptions()
        options.reportsSentences = false
        for log in GpsdRegressionLog.required() {
            let bytes = [UInt8](try Data(contentsOf: log.url))
            let reference = Self.chunked(bytes, chunkSizes: { 65_536 })
            let lean = Self.chunked(bytes, options: options, chunkSizes: { 65_536 })
            let withoutSentences = reference.events.filter { if case .sentence = $0 { false } else { true } }
            #expect(lean.events == withoutSentences, "\(log)")
            #expect(lean.decoder.statistics == reference.decoder.statistics, "\(log)")
            #expect(lean.decoder.diagnostics == reference.decoder.diagnostics, "\(log)")
        }
    }

    /// The reference: a sequence without contiguous storage, so every byte goes through the framer's `push`.
    static func byteByByte(_ bytes: [UInt8], options: NMEADecoderOptions = NMEADecoderOptions()) -> (
        events: [NMEAEvent], decoder: NMEADecoder
    ) {
        var decoder = NMEADecoder(options: options)
        let events = decoder.feed(AnySequence(bytes)) + decoder.finish()
        return (events, decoder)
    }

    /// The fast path over raw buffers cut at the sizes `chunkSizes` returns.
    static func chunked(
        _ bytes: [UInt8], options: NMEADecoderOptions = NMEADecoderOptions(), chunkSizes: () -> Int
    ) -> (events: [NMEAEvent], decoder: NMEADecoder) {
        var decoder = NMEADecoder(options: options)
        var events: [NMEAEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSizes())
            events += bytes[start..<end].withUnsafeBytes { decoder.feed($0) }
            start = end
        }
        return (events + decoder.finish(), decoder)
    }

    static func expectSame(
        _ fast: (events: [NMEAEvent], decoder: NMEADecoder), _ reference: (events: [NMEAEvent], decoder: NMEADecoder),
        _ label: String = ""
    ) {
        #expect(fast.events == reference.events, "\(label)")
        #expect(fast.decoder.statistics == reference.decoder.statistics, "\(label)")
        #expect(fast.decoder.diagnostics == reference.decoder.diagnostics, "\(label)")
        #expect(fast.decoder.droppedDiagnosticCount == reference.decoder.droppedDiagnosticCount, "\(label)")
    }
}
