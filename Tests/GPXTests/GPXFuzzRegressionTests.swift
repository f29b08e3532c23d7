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
    /// Other iconv encodings, an unterminated declaration, single quotes. `\u{F8}` stands for the raw byte 0xF8.
    @Test(arguments: [
        (#"<?xml version="1.0" encoding="windows-1252"?><gpx>\#u{81}</gpx>"#, "windows-1252"),
        (#"<?xml version="1.0" encoding="SHIFT_JIS"\#u{F8}\#u{F8}<gpx/>"#, "SHIFT_JIS"),
        (#"<?xml version='1.0' encoding = 'EUC-JP' ?><gpx>\#u{FF}\#u{FF}</gpx>"#, "EUC-JP"),
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

    /// A second `encoding` hidden in the version's value cannot mask the real one: the declaration is read by its
    /// production, and that version is not `1.x`.
    @Test func encodingHiddenInTheVersionIsMalformed() {
        let bytes = Array(#"<?xml version="1.0 encoding='UTF-8'" encoding="SHIFT_JIS"?><gpx/>"#.utf8) + [0xF8]
        let diagnostic = GPXTestSupport.diagnostic { _ = try GPXReader().readDocument(data: Data(bytes)) }
        #expect(diagnostic?.kind == .malformedXML)
        #expect(diagnostic?.message == #"XML is not well-formed: invalid version in the XML declaration"#)
    }

    /// The fuzzer's input that crashed FoundationXML is read like any processing instruction.
    ///
    /// Found 2026-11-30 (CI run, fuzz.sh GPX, after 3,754 runs): an input starting `<?xm?>`, a processing
    /// instruction with a target and no data, crashed swift-corelibs-foundation 6.3.1's `XMLParser` (libxml2
    /// reported a NULL data pointer that `_NSXMLParserProcessingInstruction` passed to `strlen`), so such
    /// instructions were refused. The module's own parser reads them as XML 1.0 allows: `<?xm?>` alone is a
    /// document without a root element, `<?xm?><gpx/>` an empty GPX document.
    @Test func emptyProcessingInstructionIsRead() throws {
        for mode in [GPXReader.Mode.strict, .lenient] {
            let alone = GPXTestSupport.diagnostic {
                _ = try GPXReader(mode: mode).readDocument(data: Data("<?xm?>".utf8))
            }
            #expect(alone?.description == "<data>: error: no root element")
            let document = try GPXReader(mode: mode).readDocument(data: Data("<?xm?><gpx/>".utf8))
            #expect(document == GPXDocument())
        }
    }

    /// Every place an instruction without data crashed XMLParser: prolog, body, after the root.
    ///
    /// They are read past; `<?xml?>` after the start and `<?a?>` in an attribute value are malformed XML.
    @Test(
        arguments: [
            ("<?xml version=\"1.0\"?>\n<?xml-stylesheet?>\n<gpx>WPT</gpx>", nil),
            ("<gpx>\n<wpt lat=\"1.5\" lon=\"2.5\">\n<?a?><name><![CDATA[<?n?>]]></name></wpt></gpx>", nil),
            ("<gpx>WPT</gpx>\n\n<?a?>\n", nil),
            (
                "<gpx>\n<?xml?></gpx>",
                "test.gpx:2: error: XML is not well-formed: the XML declaration (<?xml ...?>) may only stand at the start of the document"
            ),
            ("<gpx a=\"<?a?>\"/>", "test.gpx:1: error: XML is not well-formed: '<' in an attribute value"),
        ] as [(String, String?)])
    func processingInstructionWithoutData(document: String, error: String?) throws {
        let waypoint = #"<wpt lat="1.5" lon="2.5"><name><![CDATA[<?n?>]]></name></wpt>"#
        let xml = document.replacingOccurrences(of: "WPT", with: waypoint)
        if let error {
            #expect(GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(xml) }?.description == error)
        } else {
            let read = try GPXTestSupport.document(xml)
            #expect(read.waypoints.map(\.latitude) == [1.5])
            #expect(read.waypoints.map(\.name) == ["<?n?>"])
        }
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
}
