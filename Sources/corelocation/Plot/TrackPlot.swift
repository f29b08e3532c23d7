import Foundation
import LinuxCoreLocation
import LocationSupport

/// An SVG picture of a track, with no map tiles: each segment's path of accepted fixes, every fix's accuracy
/// circle, filtered fixes in another colour, start and end markers, a scale bar, a legend, and under the title the
/// track's length and duration.
///
/// The view is fitted to every fix and every accuracy circle, so no circle is cut off at the edge — except fixes
/// off scale (``offScale(_:)``): a wild fix kilometres from a walk would shrink the walk to a dot, so such fixes are
/// drawn as hollow diamonds at the edge of the view in their direction, labelled with their distance, left out of
/// the path, and counted in the legend.
/// The projection is equirectangular around the track's mean latitude (x = longitude × cos φ₀, y = −latitude),
/// which keeps shapes true to within a fraction of a percent over a few kilometres; distances for the scale bar
/// and circles use metres per degree at φ₀ on the WGS-84 ellipsoid. The accuracy circles are drawn opaque inside
/// a translucent group, so a thousand overlapping circles of a stationary receiver show as one translucent area
/// with the fixes inside, not as a solid disc. The title and legend sit in a band above the drawing area; legend
/// entries are laid out from their text widths (``textWidth(_:)``, pinned with `textLength`), so counts of any
/// length fit.
///
/// A track of more than 10,000 fixes is thinned as it is read (``TrackPlotAccumulator``, ``TrackThinning``): the
/// picture then draws the first and last fix of each run of fixes in one cell of a grid finer than its pixels, and
/// no fix that only goes over ground already drawn; of those, it draws the same again with a cell a pixel. The
/// counts, the length and the duration are still those of every fix, while the off-scale test and the median
/// accuracy weigh each fix kept by the fixes it stands for.
struct TrackPlot {
    /// One fix and whether the filters accepted it.
    struct Point {
        let location: CLLocation
        let accepted: Bool
        /// The fixes it stands for: itself and those thinned out before it (1 when nothing was).
        var weight = 1
        /// The length in metres of the accepted path from the previous accepted fix kept in its segment, through
        /// those thinned out; 0 for the first accepted fix of a segment and for a fix the filters rejected.
        var pathLengthBefore = 0.0
        /// Whether it starts its segment.
        var startsSegment = false
        /// Whether no line joins it to the fix before: the start of a segment, or where a thinned track leaves
        /// ground it had covered before (``TrackThinning``).
        var startsStroke = false

        init(location: CLLocation, accepted: Bool) {
            self.location = location
            self.accepted = accepted
        }
    }

    /// The fixes kept by segment: each segment's accepted fixes are joined by one path; there is no line between
    /// segments.
    let segments: [[Point]]
    let title: String
    /// Every fix of the track, and those the filters accepted.
    let fixCount: Int
    let acceptedCount: Int
    /// The earliest and latest time stamps of all fixes.
    let timeRange: (first: Date, last: Date)?
    /// Whether the fixes were thinned (more than the accumulator's limit).
    let isThinned: Bool
    let width = 900.0
    let height = 650.0
    let margin = 50.0
    /// Font size of the legend in pixels.
    let fontSize = 13.0
    /// Up to this many accuracy circles also get an outline; more would only draw a tangle of lines.
    private let outlinedCircles = 50

    /// A plot of one segment.
    init(points: [Point], title: String) {
        self.init(segments: [points], title: title)
    }

    /// A plot of several segments.
    init(segments: [[Point]], title: String) {
        var accumulator = TrackPlotAccumulator()
        for segment in segments {
            accumulator.startSegment()
            for point in segment { accumulator.add(point.location, accepted: point.accepted) }
        }
        self.init(accumulator, title: title)
    }

    /// A plot of the fixes gathered by `accumulator`.
    init(_ accumulator: TrackPlotAccumulator, title: String) {
        segments = accumulator.segments
        self.title = title
        fixCount = accumulator.fixCount
        acceptedCount = accumulator.acceptedCount
        timeRange = accumulator.timeRange
        isThinned = accumulator.cell != nil
        (farAway, offScaleCount) = Self.offScale(segments.flatMap { $0 })
    }

    /// Every fix kept, in order.
    var points: [Point] { segments.flatMap { $0 } }

    /// The fixes drawn off scale, by identity, with their distance in metres from the track's median position.
    let farAway: [ObjectIdentifier: Double]
    /// The fixes the off-scale ones stand for.
    let offScaleCount: Int

    func isOffScale(_ point: Point) -> Bool { farAway[ObjectIdentifier(point.location)] != nil }

    /// The track's length and duration, for the line under the title: `1.0 km in 1 min 59 s`.
    ///
    /// The length is that of the paths drawn (accepted fixes, off-scale ones left out); the duration runs from the
    /// first to the last time stamp of any fix (left out when the fixes have no time).
    /// The length is summed over every fix, thinned out or not, except where a path bypasses an off-scale fix: there
    /// it is the straight line between the fixes kept on either side.
    var summary: String {
        var metres = 0.0
        for segment in segments {
            var (run, previous, bypasses) = (0.0, nil as Point?, false)
            for point in segment where point.accepted {
                if isOffScale(point) {
                    bypasses = true
                    continue
                }
                if let previous {
                    run += bypasses ? point.location.distance(from: previous.location) : point.pathLengthBefore
                }
                (previous, bypasses) = (point, false)
            }
            metres += run
        }
        guard let (first, last) = timeRange, last > first else { return Self.distance(metres) }
        return "\(Self.distance(metres)) in \(Self.duration(last.timeIntervalSince(first)))"
    }

    /// `42 s`, `1 min 59 s`, `2 h 05 min`, and from two days on `16436 d 00 h` (a track of points years apart read
    /// `394464 h 00 min`).
    static func duration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        if whole >= 172_800 {
            let hours = whole / 3600 % 24
            return "\(whole / 86_400) d \(hours < 10 ? "0" : "")\(hours) h"
        }
        let minutes = whole / 60 % 60
        return "\(whole / 3600) h \(minutes < 10 ? "0" : "")\(minutes) min"
    }

    /// The fixes each path joins: a segment's accepted fixes drawn to scale (a path goes from the fix before an
    /// off-scale one to the fix after it, as the track went on).
    private func pathRuns(_ segments: [[Point]]) -> [[Point]] {
        var runs: [[Point]] = []
        for segment in segments {
            for (index, point) in segment.enumerated() {
                if index == 0 || point.startsStroke { runs.append([]) }
                if point.accepted && !isOffScale(point) { runs[runs.count - 1].append(point) }
            }
        }
        return runs
    }

    /// The fixes drawn: all those kept, or of a thinned track those that change the picture (the first and last
    /// of each run in one pixel with the same verdict of the filters).
    private func drawnSegments(_ projection: Projection) -> [[Point]] {
        guard isThinned else { return segments }
        return segments.map { segment in
            TrackThinning.thinned(segment) { point in
                let (x, y) = projection.xy(point.location.coordinate)
                return SIMD2(TrackPlotAccumulator.cellIndex(x), TrackPlotAccumulator.cellIndex(y))
            }
        }
    }

    /// The SVG document.
    func svg() -> String {
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="\(Int(fontSize))">
            <title>\(escape(title))</title>
            <rect width="100%" height="100%" fill="#fbfbf8"/>
            <text x="\(f(margin))" y="26" font-size="16">\(escape(title))</text>
            <text class="summary" x="\(f(margin))" y="46">\(escape(summary))</text>

            """
        let (legend, legendBottom) = self.legend()
        let top = legendBottom + 12
        let extents = points.filter { !isOffScale($0) }.map { ($0.location, circleRadius($0)) }
        guard
            let projection = Projection(
                extents, left: margin, top: top, right: width - margin, bottom: height - margin)
        else {
            return svg + "<text x=\"\(f(margin))\" y=\"\(f(top + 20))\">no fixes</text>\n</svg>\n"
        }
        let drawn = drawnSegments(projection)
        svg += accuracyCircles(projection, drawn.flatMap { $0 })
        for run in pathRuns(drawn) {
            let path = run.map { projection.xy($0.location.coordinate) }
            guard path.count > 1 else { continue }
            svg +=
                "<polyline class=\"path\" fill=\"none\" stroke=\"#1f4e9c\" stroke-width=\"2\" "
                + "stroke-linejoin=\"round\" points=\"" + path.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
                + "\"/>\n"
        }
        let radius = fixCount > 500 ? 1.5 : 3
        for point in drawn.joined() where !isOffScale(point) {
            let (x, y) = projection.xy(point.location.coordinate)
            let style =
                point.accepted ? "class=\"fix accepted\" fill=\"#1f4e9c\"" : "class=\"fix filtered\" fill=\"#d0453a\""
            svg += "<circle \(style) cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(radius))\"/>\n"
        }
        svg += offScaleMarkers(projection, top: top) + endMarkers(projection) + scaleBar(projection) + legend
        return svg + "</svg>\n"
    }

    /// The radius of the accuracy circle drawn around a fix, in metres: its horizontal accuracy when accepted
    /// and valid, else 0 (no circle).
    func circleRadius(_ point: Point) -> Double {
        point.accepted && point.location.horizontalAccuracy > 0 ? point.location.horizontalAccuracy : 0
    }

    /// The circles, opaque inside two translucent groups (area, then outlines): overlaps do not darken.
    private func accuracyCircles(_ projection: Projection, _ points: [Point]) -> String {
        var circles = ""
        for point in points where circleRadius(point) > 0 && !isOffScale(point) {
            let (x, y) = projection.xy(point.location.coordinate)
            circles +=
                "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(projection.pixels(metres: circleRadius(point))))\"/>\n"
        }
        guard !circles.isEmpty else { return "" }
        let area = "<g class=\"accuracy\" fill=\"#3b7dd8\" opacity=\"0.16\">\n\(circles)</g>\n"
        guard points.count(where: { circleRadius($0) > 0 && !isOffScale($0) }) <= outlinedCircles else { return area }
        return area + "<g class=\"accuracy-outline\" fill=\"none\" stroke=\"#3b7dd8\" stroke-width=\"1\" "
            + "opacity=\"0.35\">\n\(circles)</g>\n"
    }

    /// The fixes where the track starts and ends: the first and last accepted fixes drawn to scale (of all fixes
    /// drawn to scale when none was accepted).
    var ends: (start: Point, end: Point)? {
        let onScale = points.filter { !isOffScale($0) }
        let accepted = onScale.filter(\.accepted)
        let drawn = accepted.isEmpty ? onScale : accepted
        guard let first = drawn.first, let last = drawn.last else { return nil }
        return (first, last)
    }

    /// The end square under the start disc, so that a loop that ends where it started shows both: there the square
    /// grows to frame the disc (its 9 px radius with the stroke) instead of hiding it.
    private func endMarkers(_ projection: Projection) -> String {
        guard let ends else { return "" }
        let (sx, sy) = projection.xy(ends.start.location.coordinate)
        let (ex, ey) = projection.xy(ends.end.location.coordinate)
        let half = max(abs(sx - ex), abs(sy - ey)) < 16 ? 12.0 : 6.0
        return """
            <rect class="marker end" x="\(f(ex - half))" y="\(f(ey - half))" width="\(f(2 * half))" \
            height="\(f(2 * half))" fill="#222" stroke="#fff" stroke-width="2"/>
            <circle class="marker start" cx="\(f(sx))" cy="\(f(sy))" r="7" fill="#2e9b47" stroke="#fff" \
            stroke-width="2"/>

            """
    }

    private func scaleBar(_ projection: Projection) -> String {
        let metres = Self.roundScale(projection.metres(pixels: width / 4))
        let length = projection.pixels(metres: metres)
        let y = height - 20
        return """
            <g class="scale" stroke="#222" stroke-width="2"><line x1="\(f(margin))" y1="\(f(y))" x2="\(f(margin + length))" \
            y2="\(f(y))"/><line x1="\(f(margin))" y1="\(f(y - 5))" x2="\(f(margin))" y2="\(f(y + 5))"/><line \
            x1="\(f(margin + length))" y1="\(f(y - 5))" x2="\(f(margin + length))" y2="\(f(y + 5))"/></g>
            <text x="\(f(margin + length + 8))" y="\(f(y + 5))">\(Self.distance(metres))</text>

            """
    }

    /// `1 m`, `200 m`, `1.5 km`, `20 km`; below a metre, `50 cm`.
    static func distance(_ metres: Double) -> String {
        if metres < 1 { return "\(Int((metres * 100).rounded())) cm" }
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        return "\(Numbers.fixed(metres / 1000, metres >= 10_000 ? 0 : 1)) km"
    }

    /// The largest 1, 2 or 5 × 10ⁿ metres not above `metres`.
    static func roundScale(_ metres: Double) -> Double {
        guard metres > 0 else { return 1 }
        let power = pow(10, floor(log10(metres)))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= metres } ?? power
    }

    func f(_ value: Double) -> String { Numbers.fixed(value, 1) }

    /// `text` as XML character data: the markup characters as entities, and control characters written as
    /// `\u{1B}` (``DiagnosticText``), since XML 1.0 allows no C0 control but tab and line ends, not even as a
    /// reference — a file name holding an escape made an SVG no XML parser reads.
    func escape(_ text: String) -> String {
        DiagnosticText.oneLine(text).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Degrees to pixels around the track's mean latitude.
struct Projection {
    let minX: Double, maxY: Double, scale: Double, offsetX: Double, offsetY: Double, cosine: Double
    let metresPerDegree: Double

    /// Fits every fix and the circle of `radius` metres around it (0 for none) into the drawing area.
    init?(
        _ extents: [(location: CLLocation, radius: Double)], left: Double, top: Double, right: Double,
        bottom: Double
    ) {
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
        // At least 10 m across either way, centred: a single fix without a circle still gets a view.
        let minimumSpan = 10 / metresPerDegree
        func range(_ values: [(Double, Double)]) -> (low: Double, span: Double) {
            let low = values.map { $0.0 - $0.1 }.min() ?? 0
            let span = (values.map { $0.0 + $0.1 }.max() ?? 0) - low
            return span >= minimumSpan ? (low, span) : (low - (minimumSpan - span) / 2, minimumSpan)
        }
        let (minX, spanX) = range(xs)
        let (minY, spanY) = range(ys)
        self.minX = minX
        maxY = minY + spanY
        let areaWidth = right - left
        let areaHeight = bottom - top
        scale = min(areaWidth / spanX, areaHeight / spanY)
        offsetX = left + (areaWidth - spanX * scale) / 2
        offsetY = top + (areaHeight - spanY * scale) / 2
    }

    func xy(_ coordinate: CLLocationCoordinate2D) -> (Double, Double) {
        (offsetX + (coordinate.longitude * cosine - minX) * scale, offsetY + (maxY - coordinate.latitude) * scale)
    }

    func pixels(metres: Double) -> Double { metres / metresPerDegree * scale }

    func metres(pixels: Double) -> Double { pixels / scale * metresPerDegree }
}
