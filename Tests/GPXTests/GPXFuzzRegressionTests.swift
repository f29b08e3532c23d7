import Foundation
import GPX
import Testing

/// Inputs found by the GPX fuzzer (Fuzz/GPX, Docs/Fuzzing.md), kept as byte literals so they stay reproducible.
@Suite struct GPXFuzzRegressionTests {
    private struct Stop: Error, Equatable {}

    /// Reads `bytes`, throwing from the callback at the first event; returns the events delivered and the error.
    private func readStoppingAtFirstEvent(_ bytes: [UInt8]) -> (events: [GPXEvent], error: (any Error)?) {
        var events: [GPXEvent] = []
        do {
            try GPXReader(mode: .lenient).read(data: Data(bytes)) { event in
                events.append(event)
                throw Stop()
            }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    /// The callback throws at the first event of a track: nothing more is delivered.
    ///
    /// Found 2026-11-30 from the GPX 1.0 seed: the start of the first `<trk>` delivered `.metadata` and then
    /// `.trackStarted` although the callback had thrown at `.metadata`. Minimised: `<gpx><trk/></gpx>`.
    @Test func noEventAfterCallbackThrewAtTrackStart() {
        let bytes: [UInt8] = [
            0x3C, 0x67, 0x70, 0x78, 0x3E, 0x3C, 0x74, 0x72, 0x6B, 0x2F, 0x3E, 0x3C, 0x2F, 0x67, 0x70, 0x78, 0x3E,
        ]
        let (events, error) = readStoppingAtFirstEvent(bytes)
        #expect(events == [.metadata(GPXMetadata())])
        #expect(error as? Stop == Stop())
    }

    /// The same fault at a route start: `<gpx><rte/></gpx>` delivered `.routeStarted` after the callback threw.
    @Test func noEventAfterCallbackThrewAtRouteStart() {
        let bytes: [UInt8] = [
            0x3C, 0x67, 0x70, 0x78, 0x3E, 0x3C, 0x72, 0x74, 0x65, 0x2F, 0x3E, 0x3C, 0x2F, 0x67, 0x70, 0x78, 0x3E,
        ]
        let (events, error) = readStoppingAtFirstEvent(bytes)
        #expect(events == [.metadata(GPXMetadata())])
        #expect(error as? Stop == Stop())
    }

    /// The fuzzer's input that crashed libxml2 is refused with a diagnostic.
    ///
    /// Found 2026-11-30 (fuzz.sh GPX, after about 25,000 runs): an XML declaration naming an encoding that
    /// libxml2 hands to iconv ("UTF8-") followed by a byte iconv cannot convert made libxml2 2.9.14 dereference
    /// NULL in `xmlSwitchToEncoding` (SIGSEGV). Such encodings are now refused before parsing.
    @Test func iconvEncodingWithUnconvertibleByteIsRefused() {
        let bytes: [UInt8] = [
            0x3C, 0x3F, 0x78, 0x6D, 0x6C, 0x20, 0x76, 0x65, 0x72, 0x73, 0x69, 0x6F, 0x6E, 0x3D, 0x22, 0x31,
            0x2E, 0x30, 0x22, 0x20, 0x65, 0x6E, 0x63, 0x6F, 0x64, 0x69, 0x6E, 0x67, 0x3D, 0x22, 0x55, 0x54,
            0x46, 0x38, 0x2D, 0x22, 0x3F, 0x3E, 0x0A, 0x3C, 0x67, 0x70, 0x78, 0x20, 0x76, 0x65, 0x72, 0x73,
            0x69, 0x6F, 0x6E, 0x3D, 0x22, 0x31, 0x2E, 0x31, 0x22, 0x20, 0x63, 0x72, 0x65, 0x61, 0x74, 0x6F,
            0x72, 0x3D, 0x22, 0x68, 0x74, 0x74, 0x70, 0x3A, 0x2F, 0x2F, 0x72, 0x69, 0x64, 0x65, 0x77, 0x69,
            0x74, 0x68, 0x67, 0x70, 0x73, 0x2E, 0x63, 0x6F, 0x6D, 0x2F, 0x22, 0x3E, 0x0A, 0x20, 0x20, 0x3C,
            0x6D, 0x65, 0x74, 0x61, 0x64, 0x61, 0x74, 0x61, 0x3E, 0x3C, 0x3F, 0x78, 0x6D, 0x6C, 0x20, 0x76,
            0x65, 0x72, 0x73, 0x69, 0x6F, 0x6E, 0x3D, 0x22, 0x31, 0x2E, 0x30, 0x22, 0x20, 0x65, 0xF8, 0xF8,
            0xF8, 0xF8, 0xF8, 0xF8, 0x25, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0x0A, 0x20, 0x20, 0x20, 0x20,
            0x3C, 0x6E, 0x61, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0x6D,
        ]
        for mode in [GPXReader.Mode.strict, .lenient] {
            let diagnostic = GPXTestSupport.diagnostic { _ = try GPXReader(mode: mode).readDocument(data: Data(bytes)) }
            #expect(diagnostic?.kind == .unsupportedEncoding)
            #expect(
                diagnostic?.description
                    == "<data>:1: error: encoding \"UTF8-\" is not supported; use UTF-8 or ISO-8859-1")
        }
    }

    /// Variants of the same crash are refused too.
    ///
    /// Other iconv encodings, an unterminated declaration, single quotes, a second `encoding` hidden in the
    /// version value. `\u{F8}` stands for the raw byte 0xF8.
    @Test(arguments: [
        (#"<?xml version="1.0" encoding="windows-1252"?><gpx>\#u{81}</gpx>"#, "windows-1252"),
        (#"<?xml version="1.0" encoding="SHIFT_JIS"\#u{F8}\#u{F8}<gpx/>"#, "SHIFT_JIS"),
        (#"<?xml version='1.0' encoding = 'EUC-JP' ?><gpx>\#u{FF}\#u{FF}</gpx>"#, "EUC-JP"),
        (#"<?xml version="1.0 encoding='UTF-8'" encoding="SHIFT_JIS"?><gpx>\#u{F8}</gpx>"#, "SHIFT_JIS"),
    ])
    func otherIconvEncodingsAreRefused(document: String, encoding: String) {
        // Each scalar below U+0100 becomes one byte, so the test controls the raw bytes exactly.
        let bytes = document.unicodeScalars.map { UInt8($0.value) }
        let diagnostic = GPXTestSupport.diagnostic { _ = try GPXReader().readDocument(data: Data(bytes)) }
        #expect(diagnostic?.kind == .unsupportedEncoding)
        #expect(diagnostic?.message == "encoding \"\(encoding)\" is not supported; use UTF-8 or ISO-8859-1")
    }

    /// The encodings still read: the names libxml2 decodes itself, in any case and either quote.
    @Test(arguments: ["UTF-8", "utf8", "ISO-8859-1", "latin1", "US-ASCII"])
    func builtInEncodingsAreRead(encoding: String) throws {
        let document = try GPXTestSupport.document(
            "<?xml version='1.0' encoding='\(encoding)'?><gpx><wpt lat=\"1.5\" lon=\"2.5\"/></gpx>")
        #expect(document.waypoints.map(\.latitude) == [1.5])
        #expect(document.waypoints.map(\.longitude) == [2.5])
    }
}
