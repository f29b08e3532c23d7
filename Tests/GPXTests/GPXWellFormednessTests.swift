import Foundation
import Testing

@testable import GPX

/// The reader's XML parser follows the XML 1.0 productions, so what refuses DTDs sees exactly what the parser
/// sees (issue 16: `<!--->` was taken for a whole comment by a prolog check, and libxml2 then processed the DTD
/// behind it).
@Suite struct GPXWellFormednessTests {
    private static let dtd = #"<!DOCTYPE gpx [<!ENTITY e "EXPANDED">]>"#
    private static let waypoint = #"<wpt lat="1" lon="2"><name>&e;</name></wpt>"#

    private func read(_ xml: String) -> Result<GPXDocument, GPXDiagnostic> {
        Result { () throws(GPXDiagnostic) in
            do { return try GPXTestSupport.document(xml) } catch let error as GPXDiagnostic { throw error } catch {
                Issue.record("unexpected error \(error)")
                throw GPXDiagnostic(kind: .io, source: "", message: "")
            }
        }
    }

    /// The error's kind and message, or "read" and the waypoints' names.
    private func outcome(_ xml: String) -> String {
        switch read(xml) {
        case .success(let document): "read \(document.waypoints.map { $0.name ?? "-" })"
        case .failure(let diagnostic): "\(diagnostic.kind): \(diagnostic.message)"
        }
    }

    private static let refused =
        "forbiddenDeclaration: document type declarations (<!DOCTYPE, <!ENTITY) are refused: DTDs and entities are never processed"

    /// Comment edges in the prolog: `Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'`.
    @Test(arguments: [
        // The issue's smuggling: "<!--->" opens a comment that the "-->" after <x> closes; the DTD follows it.
        ("<!---><x>-->\(dtd)<gpx>\(waypoint)</gpx>", refused),
        // "<!-->" also opens a comment ("->" and ">" are comment text); the DTD is inside it, so never read.
        ("<!--> \(dtd) --><gpx><wpt lat=\"1\" lon=\"2\"/></gpx>", "read [\"-\"]"),
        ("<!-->\n<gpx/>", "malformedXML: XML is not well-formed: the comment opened on line 1 is not closed ('-->')"),
        ("<!---->\(dtd)<gpx/>", refused),
        (
            "<!-- a -- b -->\(dtd)<gpx/>",
            "malformedXML: XML is not well-formed: '--' inside the comment opened on line 1"
        ),
        ("<!-- -- -->\(dtd)<gpx/>", "malformedXML: XML is not well-formed: '--' inside the comment opened on line 1"),
        ("<!-- a --->\(dtd)<gpx/>", "malformedXML: XML is not well-formed: '--' inside the comment opened on line 1"),
        ("<!-- -><!- -->\(dtd)<gpx/>", refused),
        // CDATA sections exist only inside the root element.
        (
            "<![CDATA[ --> ]]>\(dtd)<gpx/>",
            "malformedXML: XML is not well-formed: CDATA section outside the root element"
        ),
        // A processing instruction ends at its first "?>", whatever comment or DTD text its data holds.
        ("<?pi <!-- ?>\(dtd)<gpx/>", refused),
        (
            "<?pi \(dtd) ?><gpx>\(waypoint)</gpx>",
            "malformedXML: XML is not well-formed: reference to undeclared entity &e; (GPX documents have no DTD to declare it)"
        ),
        ("<?pi?>\(dtd)<gpx/>", refused),
        ("<!--?>-->\(dtd)<gpx/>", refused),
        // Inside the root element, the DTD is refused too (it is no comment there either).
        ("<gpx><!--->-->\(dtd)</gpx>", refused),
    ])
    func commentAndInstructionEdges(document: String, expected: String) {
        #expect(outcome(document) == expected)
    }

    /// The entity the DTD declares is never expanded, in whatever form the DTD comes.
    @Test(arguments: [
        "\(dtd)<gpx>\(waypoint)</gpx>",
        "<?xml version=\"1.0\"?>\n<!---><x>-->\n\(dtd)\n<gpx>\(waypoint)</gpx>",
        "\u{FEFF}<!DOCTYPE gpx SYSTEM \"file:///etc/passwd\"><gpx/>",
        "<gpx/>\n\(dtd)",
    ])
    func everyDTDIsRefusedBeforeItsEntitiesExist(document: String) {
        #expect(outcome(document) == Self.refused)
    }

    /// The refusal does not depend on where the reads cut the document: the comment edge straddles the 64 KiB reads
    /// of a file at every offset around the boundary.
    @Test(arguments: 65_520...65_540)
    func commentEdgesAcrossReads(offset: Int) throws {
        let head = "<?xml version=\"1.0\"?>\n<!--"
        let padding = String(repeating: "p", count: offset - head.utf8.count) + "-->"
        let xml = head + padding + "<!---><x>-->" + Self.dtd + "<gpx>" + Self.waypoint + "</gpx>"
        let url = try GPXTestSupport.temporaryDirectory().appendingPathComponent("straddle.gpx")
        try Data(xml.utf8).write(to: url)
        let diagnostic = GPXTestSupport.diagnostic { _ = try GPXReader().readDocument(contentsOf: url) }
        #expect(diagnostic?.kind == .forbiddenDeclaration)
        #expect(diagnostic?.line == 2)
    }

    /// 48 levels are read; the 49th is refused at its start tag.
    @Test func nestingIsCappedAt48Levels() throws {
        let levels = GPXXMLScanner.maximumDepth - 1
        let allowed = "<gpx>" + String(repeating: "<a>", count: levels) + String(repeating: "</a>", count: levels)
        #expect(try GPXTestSupport.document(allowed + "<wpt lat=\"1\" lon=\"2\"/></gpx>").waypoints.count == 1)
        let deeper = "<gpx>\n" + String(repeating: "<a>", count: levels + 1)
        let diagnostic = GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(deeper) }
        #expect(diagnostic?.description == "test.gpx:2: error: elements nested deeper than 48 levels")
        #expect(diagnostic?.kind == .limitExceeded)
    }

    /// The issue's 30 MB of `<a>` (403 MB of memory before) is refused after 48 levels, reading no further.
    @Test func deepDocumentIsRefusedAtOnce() throws {
        let data = Data(("<gpx>" + String(repeating: "<a>", count: 10_000_000)).utf8)
        let stream = GPXReader().events(data: data)
        var events = 0
        let diagnostic = GPXTestSupport.diagnostic {
            while try stream.next() != nil { events += 1 }
        }
        #expect(diagnostic?.kind == .limitExceeded)
        #expect(events == 0)
    }
}
