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

    /// The reason given for a refused processing instruction without data.
    private static func emptyInstructionMessage(_ target: String) -> String {
        "processing instruction <?\(target)?> has no data after its target; refused because XMLParser crashes on it"
    }

    /// The fuzzer's input that crashed FoundationXML is refused with a diagnostic.
    ///
    /// Found 2026-11-30 (CI run, fuzz.sh GPX, after 3,754 runs): an input starting `<?xm?>`, a processing
    /// instruction with a target and no data. libxml2 reports it with a NULL data pointer and
    /// swift-corelibs-foundation 6.3.1's `_NSXMLParserProcessingInstruction` passes that to `strlen` (SIGSEGV).
    /// Such instructions are now refused before they reach the parser. Inputs: `<?xm?>`, `<?xm?><gpx/>`.
    @Test(arguments: [
        [0x3C, 0x3F, 0x78, 0x6D, 0x3F, 0x3E] as [UInt8],
        [0x3C, 0x3F, 0x78, 0x6D, 0x3F, 0x3E, 0x3C, 0x67, 0x70, 0x78, 0x2F, 0x3E],
    ])
    func emptyProcessingInstructionIsRefused(bytes: [UInt8]) {
        for mode in [GPXReader.Mode.strict, .lenient] {
            let diagnostic = GPXTestSupport.diagnostic { _ = try GPXReader(mode: mode).readDocument(data: Data(bytes)) }
            #expect(diagnostic?.kind == .forbiddenDeclaration)
            #expect(diagnostic?.description == "<data>:1: error: " + Self.emptyInstructionMessage("xm"))
        }
    }

    /// Every place an instruction without data crashed XMLParser: prolog, body, after the root, `<?xml?>`
    /// in the body, `<?a?>` in an attribute value (the parser's error recovery reached it too).
    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<?xml-stylesheet?>\n<gpx/>", 2, "xml-stylesheet"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\">\n<?a?></wpt></gpx>", 3, "a"),
        ("<gpx/>\n\n<?a?>\n", 3, "a"),
        ("<gpx>\n<?xml?></gpx>", 2, "xml"),
        ("<gpx a=\"<?a?>\"/>", 1, "a"),
    ])
    func emptyProcessingInstructionIsRefusedAnywhere(document: String, line: Int, target: String) {
        let diagnostic = GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(document) }
        #expect(diagnostic?.kind == .forbiddenDeclaration)
        #expect(diagnostic?.description == "test.gpx:\(line): error: " + Self.emptyInstructionMessage(target))
    }

    /// Instructions with data, even only whitespace, are read past, as is `<?a?>` inside a comment or CDATA.
    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"gpx.xsl\" type=\"text/xsl\"?>\n<gpx>WPT</gpx>",
        "<?a ?><gpx><?b\n?>WPT<?c data?></gpx><?d x?>",
        "<gpx><!-- <?a?> -->WPT<![CDATA[<?a?>]]></gpx>",
    ])
    func processingInstructionWithDataIsRead(document: String) throws {
        let waypoint = #"<wpt lat="1.5" lon="2.5"><name><![CDATA[<?n?>]]></name></wpt>"#
        let read = try GPXTestSupport.document(document.replacingOccurrences(of: "WPT", with: waypoint))
        #expect(read.waypoints.map(\.latitude) == [1.5])
        #expect(read.waypoints.map(\.name) == ["<?n?>"])
    }

    /// An instruction without data that straddles the reader's reads is refused; what came before is delivered.
    ///
    /// The padding puts `<?a?>` across the 64 KiB reads of the checked stream and of the file, and across the
    /// 128 KiB chunks `XMLParser` takes; the waypoint before it arrives, then the refusal (not the parser's
    /// complaint about the document it saw cut short).
    @Test(arguments: [65_536 - 2, 131_072 - 3, 131_072 + 1])
    func emptyProcessingInstructionAcrossReadsIsRefused(instructionOffset: Int) throws {
        let head = "<gpx>\n<wpt lat=\"1.5\" lon=\"2.5\"/>\n<!--"
        let padding = String(repeating: "x", count: instructionOffset - head.utf8.count - 4) + "-->\n"
        let xml = head + padding + "<?a?><wpt lat=\"3\" lon=\"4\"/></gpx>"
        #expect(Array(Array(xml.utf8)[instructionOffset..<(instructionOffset + 5)]) == Array("<?a?>".utf8))
        let url = try GPXTestSupport.temporaryDirectory().appendingPathComponent("straddle.gpx")
        try Data(xml.utf8).write(to: url)
        for read in [
            { body in try GPXReader().read(data: Data(xml.utf8), sourceName: "straddle.gpx", body) },
            { body in try GPXReader().read(contentsOf: url, body) },
        ] as [((GPXEvent) throws -> Void) throws -> GPXReadSummary] {
            var latitudes: [Double] = []
            let diagnostic = GPXTestSupport.diagnostic {
                _ = try read { event in
                    if case .waypoint(let point) = event { latitudes.append(point.latitude) }
                }
            }
            #expect(latitudes == [1.5])
            #expect(diagnostic?.line == 4)
            #expect(diagnostic?.message == Self.emptyInstructionMessage("a"))
        }
    }
}
