import LinuxCoreLocation

// Fixes too far from the rest to be drawn to scale: which they are, and their marks at the edge of the view.
extension TrackPlot {
    /// The fixes too far from the rest to be drawn to scale, with their distance from the median position, metres,
    /// and the number of fixes they stand for.
    ///
    /// A fix is off scale when it lies more than 4 times as far from the median position (latitude and longitude
    /// medians) as 95 % of the fixes do, and over 100 m: one wild fix among a stationary receiver's, or a jump of a
    /// few kilometres in a walk. Needs 10 fixes or more; at most 5 % of them can be off scale. Each point counts as
    /// the fixes it stands for (``Point/weight``, 1 unless the track was thinned).
    static func offScale(_ points: [Point]) -> (far: [ObjectIdentifier: Double], count: Int) {
        let total = points.reduce(0) { $0 + $1.weight }
        guard total >= 10 else { return ([:], 0) }
        func median(_ values: [Double]) -> Double {
            orderStatistic(zip(values, points.map(\.weight)).map { ($0, $1) }, at: total / 2)
        }
        let centre = CLLocation(
            latitude: median(points.map(\.location.coordinate.latitude)),
            longitude: median(points.map(\.location.coordinate.longitude)))
        let distances = points.map { $0.location.distance(from: centre) }
        let bulk = orderStatistic(
            zip(distances, points).map { ($0, $1.weight) }, at: Int(0.95 * Double(total - 1)))
        let limit = max(4 * bulk, 100)
        var (far, count): ([ObjectIdentifier: Double], Int) = ([:], 0)
        for (point, distance) in zip(points, distances) where distance > limit {
            far[ObjectIdentifier(point.location)] = distance
            count += point.weight
        }
        return (far, count)
    }

    /// The value at `index` of `values` sorted, each repeated `weight` times (the last value past the end).
    static func orderStatistic(_ values: [(value: Double, weight: Int)], at index: Int) -> Double {
        var remaining = index
        let sorted = values.sorted { $0.value < $1.value }
        for entry in sorted {
            if remaining < entry.weight { return entry.value }
            remaining -= entry.weight
        }
        return sorted.last?.value ?? 0
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
