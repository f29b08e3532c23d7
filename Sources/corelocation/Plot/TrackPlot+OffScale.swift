import LinuxCoreLocation

// Fixes too far from the rest to be drawn to scale: which they are, and their marks at the edge of the view.
extension TrackPlot {
    /// The fixes too far from the rest to be drawn to scale, with their distance from the median position, metres.
    ///
    /// A fix is off scale when it lies more than 4 times as far from the median position (latitude and longitude
    /// medians) as 95 % of the fixes do, and over 100 m: one wild fix among a stationary receiver's, or a jump of a
    /// few kilometres in a walk. Needs 10 fixes or more; at most 5 % of them can be off scale.
    static func offScale(_ locations: [CLLocation]) -> [ObjectIdentifier: Double] {
        guard locations.count >= 10 else { return [:] }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let centre = CLLocation(
            latitude: median(locations.map(\.coordinate.latitude)),
            longitude: median(locations.map(\.coordinate.longitude)))
        let distances = locations.map { $0.distance(from: centre) }
        let bulk = distances.sorted()[Int(0.95 * Double(distances.count - 1))]
        let limit = max(4 * bulk, 100)
        var far: [ObjectIdentifier: Double] = [:]
        for (location, distance) in zip(locations, distances) where distance > limit {
            far[ObjectIdentifier(location)] = distance
        }
        return far
    }

    /// The off-scale fixes as hollow diamonds where the edge of the drawing area meets the line from its centre
    /// towards them, each labelled with its distance from the median position.
    func offScaleMarkers(_ projection: Projection, top: Double) -> String {
        var svg = ""
        let (left, right, bottom) = (margin, width - margin, height - margin)
        let (cx, cy) = ((left + right) / 2, (top + bottom) / 2)
        for point in points {
            guard let metres = farAway[ObjectIdentifier(point.location)] else { continue }
            let (x, y) = projection.xy(point.location.coordinate)
            // Along the line from the centre, as far as the area allows (the fix itself when it is inside).
            let (dx, dy) = (x - cx, y - cy)
            let reach = min(
                dx == 0 ? .infinity : abs((dx > 0 ? right - cx : cx - left) / dx),
                dy == 0 ? .infinity : abs((dy > 0 ? bottom - cy : cy - top) / dy), 1)
            let (mx, my) = (cx + dx * reach, cy + dy * reach)
            svg += """
                <path class="fix off-scale" d="M\(f(mx)),\(f(my - 7)) L\(f(mx + 7)),\(f(my)) L\(f(mx)),\(f(my + 7)) \
                L\(f(mx - 7)),\(f(my)) Z" fill="none" stroke="#d0453a" stroke-width="2"/>
                <text class="off-scale-label" x="\(f(mx > cx ? mx - 10 : mx + 10))" y="\(f(my > cy ? my - 10 : my + 18))" \
                text-anchor="\(mx > cx ? "end" : "start")" fill="#d0453a">\(Self.distance(metres))</text>

                """
        }
        return svg
    }
}
