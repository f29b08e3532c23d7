import Foundation
import SharedTestSupport
import Testing

@testable import GPX

/// The scanner's and the value readers' shortcuts (an end tag closing the open element at once, `="` read at once,
/// the decimal reader's pointer loops) give what the general paths give, on the same documents written so that
/// only the general paths can take them.
@Suite struct GPXScannerShortcutTests {
    /// A lenient document of `count` points, each with values, a warning and an error, extensions with prefixes and
    /// a non-ASCII name, and a comment of varying length so that the tags fall across the 64 KiB read buffer's ends
    /// at every offset.
    ///
    /// - Parameters:
    ///   - count: How many points.
    ///   - general: Whether end tags are written `</name >` and attributes `name = 'value'`, which the shortcuts
    ///     leave to the general paths.
    /// - Returns: The document's text.
    private func document(points count: Int, general: Bool) -> String {
        func end(_ name: String) -> String { general ? "</\(name) >" : "</\(name)>" }
        func attribute(_ name: String, _ value: String) -> String {
            general ? "\(name) = '\(value)'" : "\(name)=\"\(value)\""
        }
        var points = ""
        for index in 0..<count {
            let latitude = "\(index % 90).\(index)"
            let longitude = index % 11 == 0 ? "-1e\(index % 3)" : "-\(index % 180).0\(index)"
            points += "<trkpt \(attribute("lat", latitude)) \(attribute("lon", longitude))>"
            points += "<ele>\(index)\(end("ele"))<time>2024-05-01T08:\(index % 60 < 10 ? "0" : "")\(index % 60):00Z"
            points += end("time")
            points += "<name>p&amp;\(index)\(end("name"))<hdop>\(index % 7 == 0 ? "x" : "1.5")\(end("hdop"))"
            points += "<extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>-\(index)\(end("gpxtpx:speed"))"
            points += "<ext:naïve \(attribute("ext:k", "v"))>é\(end("ext:naïve"))"
            points += "\(end("gpxtpx:TrackPointExtension"))\(end("extensions"))\(end("trkpt"))"
            points += "<!--\(String(repeating: "c", count: index % 61))-->\n"
        }
        let namespaces =
            " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\" xmlns:ext=\"urn:example:ext\""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"\(namespaces)>
            <trk><name>t\(end("name"))<trkseg>
            \(points)\(end("trkseg"))\(end("trk"))
            \(end("gpx"))
            """
    }

    @Test func shortcutsReadWhatTheGeneralPathsRead() throws {
        let shortcuts = document(points: 1500, general: false)
        let general = document(points: 1500, general: true)
        #expect(shortcuts.utf8.count > 3 * 64 * 1024)
        let read = try GPXTestSupport.document(shortcuts, mode: .lenient)
        let readGenerally = try GPXTestSupport.document(general, mode: .lenient)
        #expect(read == readGenerally)
        // Real values, not two equal failures: every point, its name and time, the dropped values' warnings.
        let points = read.tracks.first?.segments.first?.points ?? []
        #expect(points.count == 1500)
        #expect(points.last?.name == "p&1499")
        #expect(points.last?.latitude == 59.1499)
        #expect(points[11].longitude == -100)
        #expect(points[22].longitude == -10)
        #expect(points.last?.time == Date(timeIntervalSince1970: 1_714_550_400 + 59 * 60))
        // Dropped: the negative speeds (all but point 0's, -0) and the hdop "x" of every seventh point (0...1498).
        #expect(read.summary.droppedValues == 1499 + 215)
        #expect(read.summary.diagnostics.contains { $0.description.contains("gpxtpx:speed \"-3\" is negative") })
    }

    @Test(arguments: [
        ("<abc></ab>", "closing tag </ab> does not match <abc> (opened on line 2)"),
        ("<ab></abc>", "closing tag </abc> does not match <ab> (opened on line 2)"),
        ("<p:ab xmlns:p=\"urn:x\"></p:a>", "closing tag </p:a> does not match <p:ab> (opened on line 2)"),
        ("<ab></ab/>", "expected '>' after </ab"),
    ])
    func endTagsThatDoNotCloseTheOpenElement(markup: String, reason: String) {
        let xml = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n\(markup)</gpx>"
        let error = GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(xml) }
        #expect(error?.kind == .malformedXML)
        #expect(error?.message == "XML is not well-formed: \(reason)")
    }

    /// Open elements whose names fill more than the scanner's first room for them (1 KiB) move it, keeping the names
    /// held: every end tag still closes its own element, and one that does not is named with the element it fails
    /// to close and that element's line.
    @Test func longNamesOfOpenElementsOutgrowTheirFirstRoom() throws {
        let names = (0..<40).map { "x:e\($0)" + String(repeating: "n", count: 200 + $0) }
        let opened = names.map { "<\($0)>\n" }.joined()
        let inside = "<trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt>"
        let track = "<trk><trkseg>\(inside)</trkseg></trk>"
        let wrapper = "<extensions xmlns:x=\"urn:example:long\">\n\(opened)"
        func document(_ closing: String) -> String {
            "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\(track)\(wrapper)\(closing)</extensions></gpx>"
        }
        let closed = names.reversed().map { "</\($0)>" }.joined()
        #expect(try GPXTestSupport.document(document(closed)).tracks.first?.points.first?.elevation == 3)
        var swapped = Array(names.reversed())
        swapped.swapAt(0, 1)
        let error = GPXTestSupport.diagnostic {
            _ = try GPXTestSupport.document(document(swapped.map { "</\($0)>" }.joined()))
        }
        #expect(
            error?.message
                == "XML is not well-formed: closing tag </\(names[38])> does not match <\(names[39])> (opened on line 41)"
        )
    }

    /// A start tag holds names and values of up to 65,535 bytes; one byte more is refused, in a value as in a name,
    /// whatever the read buffer's ends cut.
    @Test func startTagsAtTheirLimit() throws {
        // "wpt", "lat", "1", "lon", "2" and "x": 12 bytes beside the value.
        func waypoint(value: Int) -> String {
            "<gpx><wpt lat=\"1\" lon=\"2\" x=\"\(String(repeating: "v", count: value))\"/></gpx>"
        }
        let limit = GPXXMLScanner.maximumTagBytes
        #expect(try GPXTestSupport.document(waypoint(value: limit - 1 - 12)).waypoints.count == 1)
        let longValue = GPXTestSupport.diagnostic { _ = try GPXTestSupport.document(waypoint(value: limit - 12)) }
        #expect(longValue?.kind == .limitExceeded)
        #expect(longValue?.message == "start tag longer than 65536 bytes of names and values")
        let longName = GPXTestSupport.diagnostic {
            _ = try GPXTestSupport.document("<gpx><\(String(repeating: "n", count: limit))/></gpx>")
        }
        #expect(longName?.kind == .limitExceeded)
        #expect(longName?.message == "start tag longer than 65536 bytes of names and values")
    }

    /// Plain decimals, read by the pointer loops, are `Double(_:)`'s values; past 19 digits or 2⁵³, `Double(_:)`
    /// reads them itself.
    @Test func plainDecimalsAreDoubleValues() {
        var generator = SplitMix64(seed: 30)
        for _ in 0..<20_000 {
            let digits = Int(generator.next() % 24) + 1
            var text = generator.next() % 3 == 0 ? "-" : (generator.next() % 5 == 0 ? "+" : "")
            let point = Int(generator.next() % UInt64(digits + 2))
            for index in 0..<digits {
                if index == point { text += "." }
                text += String(generator.next() % 10)
            }
            if point == digits { text += "." }
            let parsed = Array(text.utf8).withUnsafeBufferPointer { GPXDecimal.parse($0) }
            #expect(parsed == Double(text), "\(text)")
        }
        for text in ["", "-", "+", ".", "-.", "1.2.3", "1-2", "12a", "１"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { GPXDecimal.parse($0) } == nil, "\(text)")
        }
    }
}
