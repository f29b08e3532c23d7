import Foundation
import Testing

@testable import GPX

/// DTDs and entities are never processed: no XXE, no entity expansion.
@Suite struct GPXSecurityTests {
    private static let secret = "SECRET-\(UUID().uuidString)"

    /// A temporary file holding the secret, and its file:// URL.
    private func secretFile() throws -> URL {
        let url = try GPXTestSupport.temporaryDirectory().appendingPathComponent("secret.txt")
        try Data(Self.secret.utf8).write(to: url)
        return url
    }

    private func xxeDocument(_ secretURL: URL) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment first -->
        <!DOCTYPE gpx [ <!ENTITY xxe SYSTEM "\(secretURL.absoluteString)"> ]>
        <gpx><metadata><name>&xxe;</name></metadata><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>
        """
    }

    @Test func externalEntityIsRefusedFromData() throws {
        let xml = xxeDocument(try secretFile())
        let diagnostic = try #require(
            GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(xml, name: "xxe.gpx") })
        #expect(diagnostic.kind == .forbiddenDeclaration)
        #expect(
            diagnostic.description
                == "xxe.gpx:3: error: document type declarations (<!DOCTYPE, <!ENTITY) are refused: DTDs and entities are never processed"
        )
        #expect(!diagnostic.description.contains(Self.secret))
    }

    @Test func externalEntityIsRefusedFromFile() throws {
        let secretURL = try secretFile()
        let gpxURL = secretURL.deletingLastPathComponent().appendingPathComponent("xxe.gpx")
        try Data(xxeDocument(secretURL).utf8).write(to: gpxURL)
        var events: [GPXEvent] = []
        let diagnostic = GPXTestSupport.diagnostic {
            try GPXReader(mode: .lenient).read(contentsOf: gpxURL) { events.append($0) }
        }
        #expect(diagnostic?.kind == .forbiddenDeclaration)
        #expect(events.isEmpty, "nothing is delivered from a refused document")
    }

    /// Without a DTD no entity but the five predefined ones exists: a reference to another is malformed XML, and
    /// nothing is ever looked up.
    @Test func undeclaredEntityIsMalformed() {
        let diagnostic = GPXTestSupport.diagnostic {
            _ = try GPXTestSupport.document("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>&xxe;</name></wpt></gpx>")
        }
        #expect(diagnostic?.kind == .malformedXML)
        #expect(
            diagnostic?.description
                == "test.gpx:2: error: XML is not well-formed: reference to undeclared entity &xxe; (GPX documents have no DTD to declare it)"
        )
    }

    @Test(arguments: [
        #"<!DOCTYPE gpx SYSTEM "http://127.0.0.1:9/gpx.dtd"><gpx/>"#,
        #"<?xml version="1.0"?><!DOCTYPE gpx PUBLIC "-//x//y" "gpx.dtd"><gpx/>"#,
        #"<?xml version="1.0"?>"# + "\n<?pi x?>\n<!--c-->\n<!ENTITY a \"b\"><gpx/>",
        "\u{FEFF}<!DOCTYPE gpx><gpx/>",
    ])
    func everyDeclarationIsRefused(_ xml: String) {
        #expect(GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(xml) }?.kind == .forbiddenDeclaration)
    }

    @Test func billionLaughsIsRefusedQuicklyInSmallMemory() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...12 {
            xml += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        xml += "]>\n<gpx><metadata><name>&lol12;</name></metadata></gpx>"
        let residentBefore = Self.maximumResidentBytes()
        let clock = ContinuousClock()
        var diagnostic: GPXDiagnostic?
        let elapsed = clock.measure { diagnostic = GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(xml) } }
        #expect(diagnostic?.kind == .forbiddenDeclaration)
        #expect(elapsed < .seconds(1))
        #expect(Self.maximumResidentBytes() - residentBefore < 64 << 20)
    }

    /// A prolog of any length is scanned as it is read: a DTD after 100 KiB of comment is still refused, and
    /// without one the document is read.
    @Test func longPrologIsScannedToItsEnd() throws {
        let comment = "<!--" + String(repeating: "x", count: 100 * 1024) + "-->\n"
        #expect(
            GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(comment + "<!DOCTYPE gpx><gpx/>") }?.kind
                == .forbiddenDeclaration)
        #expect(try GPXTestSupport.document(comment + "<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>").waypoints.count == 1)
    }

    @Test func overlongTextIsRefused() {
        let name = String(repeating: "n", count: GPXParseSession.maximumTextBytes + 1)
        let diagnostic = GPXTestSupport.diagnostic {
            _ = try GPXTestSupport.document("<gpx><wpt lat=\"1\" lon=\"2\"><name>\(name)</name></wpt></gpx>")
        }
        #expect(diagnostic?.kind == .limitExceeded)
    }

    @Test func utf16IsRefusedClearly() {
        let data = Data([0xFF, 0xFE]) + "<gpx/>".data(using: .utf16LittleEndian)!
        let diagnostic = GPXTestSupport.diagnostic { _ = try GPXReader().readDocument(data: data) }
        #expect(diagnostic?.kind == .unsupportedEncoding)
    }

    /// The process's peak resident set size in bytes (`getrusage`, Linux reports kilobytes).
    private static func maximumResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
