import Foundation
import LinuxCoreLocation

/// An SVG picture of a track, with no map tiles: the path of accepted fixes, each fix's accuracy circle,
/// filtered fixes in another colour, a scale bar and a legend.
///
/// The view is fitted to every fix and every accuracy circle, so no circle is cut off at the edge.
/// The projection is equirectangular around the track's mean latitude (x = longitude × cos φ₀, y = −latitude),
/// which keeps shapes true to within a fraction of a percent over a few kilometres; distances for the scale bar
/// and circles use metres per degree at φ₀ on the WGS-84 ellipsoid.
struct TrackPlot {
    /// One fix and whether the filters accepted it.
    struct Point {
        let location: CLLocation
        let accepted: Bool
    }

    let points: [Point]
    let title: String
    let width = 900.0
    let height = 650.0
    private let margin = 50.0

    /// The SVG document.
    func svg() -> String {
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="13">
            <title>\(escape(title))</title>
            <rect width="100%" height="100%" fill="#fbfbf8"/>

            """
        let extents = points.map { ($0.location, circleRadius($0)) }
        guard let projection = Projection(extents, width: width, height: height, margin: margin) else {
            return svg + "<text x=\"\(margin)\" y=\"\(margin)\">no fixes</text>\n</svg>\n"
        }
        svg +=
            "<g class=\"accuracy\" fill=\"#3b7dd8\" fill-opacity=\"0.07\" stroke=\"#3b7dd8\" stroke-opacity=\"0.25\">\n"
        for point in points where circleRadius(point) > 0 {
            let (x, y) = projection.xy(point.location.coordinate)
            let radius = projection.pixels(metres: circleRadius(point))
            svg += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(radius))\"/>\n"
        }
        svg += "</g>\n"
        let path = points.filter(\.accepted).map { projection.xy($0.location.coordinate) }
        if path.count > 1 {
            svg +=
                "<polyline class=\"path\" fill=\"none\" stroke=\"#1f4e9c\" stroke-width=\"2\" points=\""
                + path.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ") + "\"/>\n"
        }
        for point in points {
            let (x, y) = projection.xy(point.location.coordinate)
            let style =
                point.accepted ? "class=\"fix accepted\" fill=\"#1f4e9c\"" : "class=\"fix filtered\" fill=\"#d0453a\""
            svg += "<circle \(style) cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3\"/>\n"
        }
        svg += scaleBar(projection) + legend()
        return svg + "</svg>\n"
    }

    /// The radius of the accuracy circle drawn around a fix, in metres: its horizontal accuracy when accepted
    /// and valid, else 0 (no circle).
    private func circleRadius(_ point: Point) -> Double {
        point.accepted && point.location.horizontalAccuracy > 0 ? point.location.horizontalAccuracy : 0
    }

    private func scaleBar(_ projection: Projection) -> String {
        let metres = Self.roundScale(projection.metres(pixels: width / 4))
        let length = projection.pixels(metres: metres)
        let y = height - 20
        let label = metres >= 1000 ? "\(Numbers.fixed(metres / 1000, metres >= 10_000 ? 0 : 1)) km" : "\(Int(metres)) m"
        return """
            <g class="scale" stroke="#222" stroke-width="2"><line x1="\(f(margin))" y1="\(f(y))" x2="\(f(margin + length))" \
            y2="\(f(y))"/><line x1="\(f(margin))" y1="\(f(y - 5))" x2="\(f(margin))" y2="\(f(y + 5))"/><line \
            x1="\(f(margin + length))" y1="\(f(y - 5))" x2="\(f(margin + length))" y2="\(f(y + 5))"/></g>
            <text x="\(f(margin + length + 8))" y="\(f(y + 5))">\(label)</text>

            """
    }

    private func legend() -> String {
        let accepted = points.filter(\.accepted).count
        let filtered = points.count - accepted
        return """
            <text x="\(f(margin))" y="28" font-size="16">\(escape(title))</text>
            <circle cx="\(f(width - 230))" cy="24" r="4" fill="#1f4e9c"/><text x="\(f(width - 220))" y="28">\
            accepted \(accepted)</text>
            <circle cx="\(f(width - 120))" cy="24" r="4" fill="#d0453a"/><text x="\(f(width - 110))" y="28">\
            filtered \(filtered)</text>

            """
    }

    /// The largest 1, 2 or 5 × 10ⁿ metres not above `metres`.
    static func roundScale(_ metres: Double) -> Double {
        guard metres > 0 else { return 1 }
        let power = pow(10, floor(log10(metres)))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= metres } ?? power
    }

    private func f(_ value: Double) -> String { Numbers.fixed(value, 1) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Degrees to pixels around the track's mean latitude.
private struct Projection {
    let minX: Double, maxY: Double, scale: Double, offsetX: Double, offsetY: Double, cosine: Double
    let metresPerDegree: Double

    /// Fits every fix and the circle of `radius` metres around it (0 for none) into the drawing area.
    init?(_ extents: [(location: CLLocation, radius: Double)], width: Double, height: Double, margin: Double) {
        guard !extents.isEmpty else { return nil }
        let latitudes = extents.map(\.location.coordinate.latitude)
        let meanLatitude = latitudes.reduce(0, +) / Double(latitudes.count)
        cosine = cos(meanLatitude * .pi / 180)
        // Metres per degree of latitude at φ₀ on WGS-84 (meridional radius of curvature).
        let e2 = 0.006_694_379_990_14
        let sine = sin(meanLatitude * .pi / 180)
        let metresPerDegree = .pi / 180 * 6_378_137 * (1 - e2) / pow(1 - e2 * sine * sine, 1.5)
        self.metresPerDegree = metresPerDegree
        let cosine = self.cosine
        // Both axes are in degrees of latitude, so a circle spans radius / metresPerDegree either way.
        let xs = extents.map { ($0.location.coordinate.longitude * cosine, $0.radius / metresPerDegree) }
        let ys = extents.map { ($0.location.coordinate.latitude, $0.radius / metresPerDegree) }
        let minX = xs.map { $0.0 - $0.1 }.min()!
        let maxY = ys.map { $0.0 + $0.1 }.max()!
        self.minX = minX
        self.maxY = maxY
        let spanX = max(xs.map { $0.0 + $0.1 }.max()! - minX, 1e-9)
        let spanY = max(maxY - ys.map { $0.0 - $0.1 }.min()!, 1e-9)
        scale = min((width - 2 * margin) / spanX, (height - 2 * margin - 40) / spanY)
        offsetX = margin + ((width - 2 * margin) - spanX * scale) / 2
        offsetY = margin + 20 + ((height - 2 * margin - 40) - spanY * scale) / 2
    }

    func xy(_ coordinate: CLLocationCoordinate2D) -> (Double, Double) {
        (offsetX + (coordinate.longitude * cosine - minX) * scale, offsetY + (maxY - coordinate.latitude) * scale)
    }

    func pixels(metres: Double) -> Double { metres / metresPerDegree * scale }

    func metres(pixels: Double) -> Double { pixels / scale * metresPerDegree }
}
