import Foundation
import LinuxCoreLocation
import Testing

@testable import corelocation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The circles of a plot and the size of its picture.
final class SVGCircles: NSObject, XMLParserDelegate {
    struct Circle {
        let x: Double, y: Double, radius: Double
    }

    var width = 0.0
    var height = 0.0
    var circles: [Circle] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "svg" {
            width = Double(attributes["width"] ?? "") ?? 0
            height = Double(attributes["height"] ?? "") ?? 0
        }
        guard elementName == "circle", let x = attributes["cx"].flatMap(Double.init),
            let y = attributes["cy"].flatMap(Double.init), let radius = attributes["r"].flatMap(Double.init)
        else { return }
        circles.append(Circle(x: x, y: y, radius: radius))
    }
}

@Suite struct TrackPlotTests {
    /// A fix `north` metres north of 45° N, 4.8° E (111 132 m per degree of latitude there, to 0.1 %).
    static func fix(north: Double, accuracy: Double) -> TrackPlot.Point {
        TrackPlot.Point(
            location: CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 45 + north / 111_132, longitude: 4.8), altitude: 0,
                horizontalAccuracy: accuracy, verticalAccuracy: -1, timestamp: Date(timeIntervalSince1970: north)),
            accepted: true)
    }

    @Test func everyAccuracyCircleFitsInThePicture() throws {
        // A 100 m walk north whose last fix is only known to 300 m: its circle is six times the track.
        let points = [0.0, 25, 50, 75, 100].map { Self.fix(north: $0, accuracy: $0 == 100 ? 300 : 5) }
        let svg = TrackPlot(points: points, title: "walk").svg()
        let circles = SVGCircles()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = circles
        #expect(parser.parse())
        #expect(circles.width > 0 && circles.height > 0)
        let largest = try #require(circles.circles.max { $0.radius < $1.radius })
        // The picture is 650 px high with 50 px margins: a 600 m circle spans most of it.
        #expect(largest.radius > 200)
        for circle in circles.circles {
            #expect(circle.x - circle.radius >= 0 && circle.x + circle.radius <= circles.width)
            #expect(circle.y - circle.radius >= 0 && circle.y + circle.radius <= circles.height)
        }
    }

    /// A wild fix is drawn off scale, at the edge, with its distance (issue 28: one fix 1.9 km from a 19 m walk
    /// squeezed the walk into a dot).
    ///
    /// The walk fills the view, and the legend and the line under the title say so.
    @Test func aWildFixIsDrawnOffScaleAndTheTrackFillsTheView() throws {
        var points = (0..<20).map { Self.fix(north: Double($0), accuracy: 3) }
        points.insert(Self.fix(north: 1_900, accuracy: 3), at: 10)
        let svg = TrackPlot(points: points, title: "walk").svg()
        #expect(svg.contains("off scale, at the edge: 1 fix 1.9 km away"))
        #expect(svg.contains(">1.9 km</text>"))
        #expect(svg.components(separatedBy: "class=\"fix off-scale\"").count == 2)
        // The walk's 19 m span most of the 650 px picture's drawing height, as they would without the wild fix.
        let circles = SVGCircles()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = circles
        #expect(parser.parse())
        let fixes = circles.circles.filter { $0.radius == 3 }
        let span = (fixes.map(\.y).max() ?? 0) - (fixes.map(\.y).min() ?? 0)
        #expect(fixes.count == 20 && span > 300)
        // 19 m walked, the path going past the wild fix; 31 min 40 s from the first time stamp to the last (the
        // wild fix's, 1900 s here).
        #expect(svg.contains("<text class=\"summary\" x=\"50.0\" y=\"46\">19 m in 31 min 40 s</text>"))
    }

    @Test func aTrackWithoutAWildFixHasNoneOffScale() {
        let points = (0..<20).map { Self.fix(north: Double($0) * 50, accuracy: 5) }
        #expect(TrackPlot.offScale(points).far.isEmpty)
        #expect(!TrackPlot(points: points, title: "walk").svg().contains("off scale"))
    }

    @Test func durationsReadAsPeopleWriteThem() {
        #expect(TrackPlot.duration(42.4) == "42 s")
        #expect(TrackPlot.duration(119) == "1 min 59 s")
        #expect(TrackPlot.duration(7_500) == "2 h 05 min")
        #expect(TrackPlot.duration(172_799) == "47 h 59 min")
        #expect(TrackPlot.duration(172_800) == "2 d 00 h")
        #expect(TrackPlot.duration(1_420_070_400) == "16436 d 00 h")  // 1975 to 2020: a tester's "394464 h 00 min"
    }
}
