import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The parts of a plot a person looks at: the fixes, the start and end markers, and the legend entries with
/// their boxes, markers and texts (whose widths `textLength` fixes).
final class PlotParts: NSObject, XMLParserDelegate {
    struct Box {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        func contains(_ other: Box) -> Bool {
            other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
        }
    }

    struct LegendEntry {
        var box: Box?
        var markers: [Box] = []
        var text: Box?
        var label = ""
    }

    var fixes: [(x: Double, y: Double)] = []
    var starts: [(x: Double, y: Double)] = []
    var ends: [(x: Double, y: Double)] = []
    var legend: [LegendEntry] = []
    var paths = 0
    private var entry: LegendEntry?
    private var inText = false

    static func parse(_ svg: String) throws -> PlotParts {
        let parts = PlotParts()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = parts
        guard parser.parse() else { throw CocoaError(.propertyListReadCorrupt) }
        return parts
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        func number(_ name: String) -> Double { Double(attributes[name] ?? "") ?? .nan }
        let classes = attributes["class"] ?? ""
        switch elementName {
        case "g" where classes == "legend-entry": entry = LegendEntry()
        case "polyline" where classes == "path": paths += 1
        case "circle":
            let (x, y, r) = (number("cx"), number("cy"), number("r"))
            if classes.hasPrefix("fix ") { fixes.append((x, y)) }
            if classes == "marker start" { starts.append((x, y)) }
            entry?.markers.append(Box(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r))
        case "rect":
            let box = Box(
                minX: number("x"), minY: number("y"), maxX: number("x") + number("width"),
                maxY: number("y") + number("height"))
            if classes == "marker end" { ends.append(((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)) }
            if classes == "legend-box" {
                entry?.box = box
            } else {
                entry?.markers.append(box)
            }
        case "text" where entry != nil:
            // A 13 px font: ascent at most 13 px above the baseline, descent at most 4 below.
            let (x, y) = (number("x"), number("y"))
            entry?.text = Box(minX: x, minY: y - 13, maxX: x + number("textLength"), maxY: y + 4)
            inText = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { entry?.label += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if elementName == "text" { inText = false }
        if elementName == "g", let entry {
            legend.append(entry)
            self.entry = nil
        }
    }
}

@Suite struct PlotPictureTests {
    /// A GPX track of `count` points walking north, `interval` seconds apart, alternately known to ±5 m (hdop 1)
    /// and ±15 m (hdop 3).
    static func track(count: Int, interval: Int = 1) throws -> TemporaryFile {
        try TemporaryFile.track(
            (0..<count).map { index in
                let time = index * interval
                return (
                    "\(45 + Double(index) * 1e-5)", "4.8", "170",
                    "2026-05-14T" + String(format: "%02d:%02d:%02d", 8 + time / 3600, time / 60 % 60, time % 60) + "Z",
                    index % 2 == 0 ? "1" : "3"
                )
            })
    }

    /// A recording of the sample says so in its title (its track's name), and the line under it gives the length
    /// and duration (issue 28).
    @Test func aSampleRecordingIsMarkedAndSummedUp() async throws {
        let drive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Data/lyon-drive.gpx")
        let run = try await Tool.run(["plot", drive.path, "-o", "-"])
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                ">lyon-drive.gpx — sample: the embedded sample track of corelocation, not a recorded position</text>"))
        #expect(run.output.contains(">1.0 km in 1 min 59 s</text>"))
    }

    /// A trial of the tool: `--replay` drew a GPX file under its file name alone; it has the points' title, the
    /// first named track's name, else the document's.
    @Test func aReplayHasTheTitleOfThePoints() async throws {
        let point = #"<trkpt lat="45.0" lon="4.8"><time>2026-05-14T08:00:00Z</time></trkpt>"#
        let header = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">"#
        let documents = [
            ("<metadata><name>Doc</name></metadata><trk><trkseg>\(point)</trkseg></trk>", "Doc"),
            ("<metadata><name>Doc</name></metadata><trk><name>Walk</name><trkseg>\(point)</trkseg></trk>", "Walk"),
            ("<trk><trkseg>\(point)</trkseg></trk><trk><name>Second</name><trkseg>\(point)</trkseg></trk>", "Second"),
        ]
        for (body, name) in documents {
            let file = try TemporaryFile(header + body + "</gpx>", suffix: ".gpx")
            let title = ">\(file.url.lastPathComponent) — \(name)</text>"
            let own = try await Tool.run(["plot", file.url.path, "-o", "-"])
            let replay = try await Tool.run(["plot", file.url.path, "-o", "-", "--replay"])
            #expect(own.output.contains(title), "\(body)")
            #expect(replay.status == 0)
            #expect(replay.output.contains(title), "\(body)")
        }
    }

    @Test func fourDigitCountsFitTheirLegendBoxesAndTheTrackHasStartAndEnd() async throws {
        let track = try Self.track(count: 2400)
        let run = try await Tool.run(["plot", track.url.path, "-o", "-", "--accuracy-filter", "10"])
        #expect(run.status == 0)
        let parts = try PlotParts.parse(run.output)
        // The file's own 2400 points, not a 1 Hz replay between them.
        #expect(parts.fixes.count == 2400)
        #expect(parts.paths == 1)
        let labels = parts.legend.map(\.label)
        #expect(labels.contains("accepted 1200") && labels.contains("filtered 1200"))
        #expect(labels.contains("start") && labels.contains("end"))
        #expect(labels.contains("accuracy circle, median ±5.0 m"))  // the accepted fixes' circles

        // The first and last accepted points (the even ones, at ±5 m) carry the start and end markers.
        #expect(parts.starts.count == 1 && parts.ends.count == 1)
        let start = try #require(parts.starts.first)
        let end = try #require(parts.ends.first)
        #expect(abs(start.x - parts.fixes[0].x) < 0.1 && abs(start.y - parts.fixes[0].y) < 0.1)
        #expect(abs(end.x - parts.fixes[2398].x) < 0.1 && abs(end.y - parts.fixes[2398].y) < 0.1)
        #expect(start.y > end.y)  // walking north: the start is lower in the picture

        for (index, entry) in parts.legend.enumerated() {
            let box = try #require(entry.box)
            let text = try #require(entry.text)
            #expect(box.contains(text), "\(entry.label)")
            for marker in entry.markers {
                #expect(box.contains(marker), "\(entry.label)")
                #expect(!marker.intersects(text), "\(entry.label)")
            }
            for other in parts.legend[(index + 1)...] {
                #expect(!box.intersects(try #require(other.box)), "\(entry.label) and \(other.label)")
            }
            for fix in parts.fixes + parts.starts + parts.ends {
                #expect(!box.contains(PlotParts.Box(minX: fix.x, minY: fix.y, maxX: fix.x, maxY: fix.y)))
            }
        }
    }

    @Test func replayIsDrawnOnlyOnRequest() async throws {
        // Two points 10 s apart: the file has 2, its replay a fix every second from the first to the last.
        let track = try Self.track(count: 2, interval: 10)
        let own = try await Tool.run(["plot", track.url.path, "-o", "-"])
        #expect(try PlotParts.parse(own.output).fixes.count == 2)
        let replay = try await Tool.run(["plot", track.url.path, "-o", "-", "--replay"])
        #expect(replay.status == 0)
        #expect(try PlotParts.parse(replay.output).fixes.count == 11)
        let age = try await Tool.run(["plot", track.url.path, "-o", "-", "--age-filter", "5"])
        #expect(age.status == 64)
        #expect(age.error.contains("--age-filter applies to a replay; add --replay"))
    }

    /// Issue 15's tester, item 26: a loop that ends where it starts shows both markers: the end square, drawn
    /// first, frames the start disc instead of covering it.
    @Test func aLoopShowsItsStartInsideItsEnd() async throws {
        let loop = try TemporaryFile.track(
            ["45.0", "45.001", "45.001", "45.0"].enumerated().map { index, latitude in
                (latitude, index == 1 || index == 2 ? "4.801" : "4.8", "170", "2026-05-14T08:00:0\(index)Z", "1")
            })
        let run = try await Tool.run(["plot", loop.url.path, "-o", "-"])
        #expect(run.status == 0)
        let end = try #require(run.output.range(of: "<rect class=\"marker end\""))
        let start = try #require(run.output.range(of: "<circle class=\"marker start\""))
        #expect(end.lowerBound < start.lowerBound)
        let parts = try PlotParts.parse(run.output)
        #expect(parts.starts.first?.x == parts.ends.first?.x && parts.starts.first?.y == parts.ends.first?.y)
        #expect(run.output[end.lowerBound...].prefix(120).contains("width=\"24.0\" height=\"24.0\""))
    }
}
