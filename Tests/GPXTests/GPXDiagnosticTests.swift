import Foundation
import GPX
import Testing

/// Invalid input gives compiler-style errors (strict) or is skipped and counted (lenient).
@Suite struct GPXDiagnosticTests {
    private func error(_ xml: String, mode: GPXReader.Mode = .strict) -> String? {
        GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(xml, name: "file.gpx", mode: mode) }?.description
    }

    @Test(arguments: [
        (#"<trkpt lat="91.5" lon="2"/>"#, #"file.gpx:4: error: <trkpt> lat "91.5" is outside -90...90"#),
        (#"<trkpt lat="1" lon="-180.5"/>"#, #"file.gpx:4: error: <trkpt> lon "-180.5" is outside -180...180"#),
        (#"<trkpt lat="north" lon="2"/>"#, #"file.gpx:4: error: <trkpt> lat "north" is not a number"#),
        (#"<trkpt lat="nan" lon="2"/>"#, #"file.gpx:4: error: <trkpt> lat "nan" is not a number"#),
        (#"<trkpt lat="0x1p3" lon="2"/>"#, #"file.gpx:4: error: <trkpt> lat "0x1p3" is not a number"#),
        (#"<trkpt lon="2"/>"#, #"file.gpx:4: error: <trkpt> missing lat attribute"#),
        (
            "<trkpt lat=\"1\" lon=\"2\">\n<ele>12m</ele></trkpt>",
            #"file.gpx:5: error: <trkpt> ele "12m" is not a number"#
        ),
        (
            "<trkpt lat=\"1\" lon=\"2\">\n\n<time>yesterday</time></trkpt>",
            #"file.gpx:6: error: <trkpt> time "yesterday" is not an ISO 8601 date-time (YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm])"#
        ),
        (#"<trkpt lat="1" lon="2"><hdop>-1</hdop></trkpt>"#, #"file.gpx:4: error: <trkpt> hdop "-1" is negative"#),
        (
            #"<trkpt lat="1" lon="2"><sat>many</sat></trkpt>"#,
            #"file.gpx:4: error: <trkpt> sat "many" is not a non-negative integer"#
        ),
        (
            #"<trkpt lat="1" lon="2"><course>400</course></trkpt>"#,
            #"file.gpx:4: error: <trkpt> course "400" is outside 0...360"#
        ),
    ])
    func strictErrors(_ point: String, _ expected: String) {
        #expect(error(GPXTestSupport.track(point)) == expected)
    }

    @Test func documentTimeError() {
        #expect(
            error("<gpx>\n<metadata><time>2020-02-30T00:00:00Z</time></metadata></gpx>")
                == #"file.gpx:2: error: <time> "2020-02-30T00:00:00Z" is not an ISO 8601 date-time (YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm])"#
        )
    }

    @Test func extensionElementIsNamedAsWritten() {
        let xml = GPXTestSupport.track(
            #"<trkpt lat="1" lon="2"><extensions><x:speed>fast</x:speed></extensions></trkpt>"#,
            namespaces: #" xmlns:x="http://www.garmin.com/xmlschemas/TrackPointExtension/v2""#)
        #expect(error(xml) == #"file.gpx:4: error: <trkpt> x:speed "fast" is not a number"#)
    }

    @Test func malformedXMLHasALine() throws {
        let diagnostic = try #require(
            GPXTestSupport.diagnostic {
                _ = try GPXTestSupport.document("<gpx>\n<trk>\n<trkseg>\n</trk></gpx>", name: "file.gpx")
            })
        #expect(diagnostic.kind == .malformedXML)
        #expect(diagnostic.line == 4)
        #expect(
            diagnostic.description
                == "file.gpx:4: error: XML is not well-formed: closing tag </trk> does not match <trkseg> (opened on line 3)"
        )
    }

    /// An undeclared prefix, on an element or an attribute, is named with its line (the prefix is looked up
    /// without the error in the way, and the error made apart).
    @Test(arguments: [
        (
            "<gpx>\n<trk>\n<q:x/></trk></gpx>",
            "file.gpx:3: error: XML is not well-formed: namespace prefix q is not declared"
        ),
        (
            "<gpx>\n<wpt lat=\"1\" lon=\"2\"\n q:x=\"3\"/></gpx>",
            "file.gpx:3: error: XML is not well-formed: namespace prefix q is not declared"
        ),
        (
            "<gpx xmlns:q=\"urn:q\">\n<wpt lat=\"1\" lon=\"2\" q:x=\"3\" zz:y=\"4\"/></gpx>",
            "file.gpx:2: error: XML is not well-formed: namespace prefix zz is not declared"
        ),
    ])
    func undeclaredPrefixes(_ document: String, _ expected: String) {
        #expect(error(document) == expected)
    }

    @Test func truncatedFileIsMalformed() {
        #expect(
            error("<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"2\">")?.hasPrefix(
                "file.gpx:4: error: XML is not well-formed") == true)
    }

    @Test func notGPX() {
        #expect(
            error(#"<kml xmlns="http://www.opengis.net/kml/2.2"/>"#)
                == #"file.gpx:1: error: <kml> not a GPX document: expected <gpx> in namespace http://www.topografix.com/GPX/1/1, http://www.topografix.com/GPX/1/0 or none, found namespace "http://www.opengis.net/kml/2.2""#
        )
        #expect(error("") == "file.gpx: error: no root element")
    }

    @Test func lenientModeSkipsAndCounts() throws {
        let document = try GPXTestSupport.document(
            GPXTestSupport.track(
                """
                <trkpt lat="91.5" lon="2"><ele>1</ele></trkpt>
                <trkpt lat="1" lon="2"><ele>12m</ele><time>2020-01-01T00:00:00Z</time></trkpt>
                <trkpt lon="3"/>
                <trkpt lat="4" lon="5"><sat>x</sat><hdop>-2</hdop></trkpt>
                """), name: "file.gpx", mode: .lenient)
        #expect(
            document.tracks.first?.points == [
                GPXPoint(latitude: 1, longitude: 2, time: Date(timeIntervalSince1970: 1_577_836_800)),
                GPXPoint(latitude: 4, longitude: 5),
            ])
        #expect(document.summary.skippedPoints == 2)
        #expect(document.summary.droppedValues == 3)
        #expect(document.summary.trackPoints == 2)
        #expect(
            document.summary.diagnostics.map(\.description) == [
                #"file.gpx:4: error: <trkpt> lat "91.5" is outside -90...90"#,
                #"file.gpx:5: error: <trkpt> ele "12m" is not a number"#,
                #"file.gpx:6: error: <trkpt> missing lat attribute"#,
                #"file.gpx:7: error: <trkpt> sat "x" is not a non-negative integer"#,
                #"file.gpx:7: error: <trkpt> hdop "-2" is negative"#,
            ])
    }

    /// Issue 16, finding 7: rejections echoed raw values, which can be coordinates and times; without
    /// `includesValues` they name the element, the field and the reason only.
    @Test func withoutValuesDiagnosticsNameTheFieldAndTheReasonOnly() throws {
        var reader = GPXReader(mode: .lenient)
        reader.includesValues = false
        let xml = GPXTestSupport.track(
            """
            <trkpt lat="48.85841x" lon="2.29451"><time>2020-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="48.8584" lon="2.2945"><ele>12.5q</ele><time>2020-01-01T00:00:01Z</time></trkpt>
            <trkpt lat="48.8585" lon="2.29452y"/>
            <trkpt lat="91.5" lon="2"><time>20200101</time><course>400</course><sat>x</sat><hdop>-2</hdop></trkpt>
            """)
        let stream = reader.events(data: Data(xml.utf8), sourceName: "file.gpx")
        while try stream.next() != nil {}
        let lines = stream.summary.diagnostics.map(\.description)
        #expect(
            lines == [
                "file.gpx:4: error: <trkpt> lat is not a number",
                "file.gpx:5: error: <trkpt> ele is not a number",
                "file.gpx:6: error: <trkpt> lon is not a number",
                "file.gpx:7: error: <trkpt> lat is outside -90...90",
                "file.gpx:7: error: <trkpt> time is not an ISO 8601 date-time (YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm])",
                "file.gpx:7: error: <trkpt> course is outside 0...360",
                "file.gpx:7: error: <trkpt> sat is not a non-negative integer",
                "file.gpx:7: error: <trkpt> hdop is negative",
            ])
        var verbose = GPXReader(mode: .lenient)
        verbose.includesValues = true
        let shown = verbose.events(data: Data(xml.utf8), sourceName: "file.gpx")
        while try shown.next() != nil {}
        #expect(
            shown.summary.diagnostics.first?.description
                == #"file.gpx:4: error: <trkpt> lat "48.85841x" is not a number"#)
    }

    @Test func lenientModeKeepsAtMostAHundredDiagnostics() throws {
        let points = String(repeating: "<trkpt lat=\"1\" lon=\"2\"><ele>?</ele></trkpt>\n", count: 150)
        let summary = try GPXTestSupport.document(GPXTestSupport.track(points), mode: .lenient).summary
        #expect(summary.diagnosticCount == 150)
        #expect(summary.diagnostics.count == GPXReadSummary.maximumKeptDiagnostics)
        #expect(summary.droppedValues == 150)
    }

    @Test func callbackErrorStopsReading() {
        struct Stop: Error {}
        var delivered = 0
        let points = String(repeating: "<trkpt lat=\"1\" lon=\"2\"/>\n", count: 1000)
        #expect(throws: Stop.self) {
            try GPXReader().read(data: Data(GPXTestSupport.track(points).utf8)) { event in
                guard case .trackPoint = event else { return }
                delivered += 1
                if delivered == 10 { throw Stop() }
            }
        }
        #expect(delivered == 10)
    }

    @Test func missingFileIsAnIOError() throws {
        let url = try GPXTestSupport.temporaryDirectory().appendingPathComponent("absent.gpx")
        let diagnostic = GPXTestSupport.diagnostic { _ = try GPXDocument(contentsOf: url) }
        #expect(diagnostic?.kind == .io)
        #expect(diagnostic?.source == url.path)
    }
}
