import GPX

extension GPXReplay {
    /// The points a replay of `document` visits, by leg sequence: every track segment when the document has
    /// track points, else every route, else the waypoints as one sequence; empty sequences are left out.
    ///
    /// The replay moves between consecutive points of a sequence and jumps between sequences (see
    /// ``GPXReplay``); this is the same choice, for drawing or checking a file without replaying it.
    ///
    /// - Parameter document: A document read by `GPXReader`.
    /// - Returns: The sequences in document order; empty when the document has no point.
    public static func replayedPoints(of document: GPXDocument) -> [[GPXPoint]] {
        let tracks = document.tracks.flatMap(\.segments).map(\.points).filter { !$0.isEmpty }
        if !tracks.isEmpty { return tracks }
        let routes = document.routes.map(\.points).filter { !$0.isEmpty }
        if !routes.isEmpty { return routes }
        return document.waypoints.isEmpty ? [] : [document.waypoints]
    }

    /// The fix a replay delivers when it reaches `point`, stamped `timestamp`.
    ///
    /// Horizontal accuracy in metres: `lcl:hacc`, else `<hdop>` × ``userEquivalentRangeError``, else
    /// ``defaultAccuracy``; −1 (invalid) for `<fix>none</fix>`. Vertical accuracy: −1 without `<ele>` or with
    /// a `none` or `2d` fix, else `lcl:vacc`, `<vdop>` × UERE or ``defaultAccuracy``; an accuracy or dilution of 0
    /// counts as absent. Speed (m/s) and course
    /// (degrees) are the point's own, −1 when it has none (a replay derives them from the neighbouring points).
    /// Marked as simulated by software. Thread-safe.
    ///
    /// - Parameters:
    ///   - point: A point of a GPX document.
    ///   - timestamp: The time the location carries, such as the point's `<time>`.
    /// - Returns: The location.
    public static func location(of point: GPXPoint, timestamp: Date) -> CLLocation {
        GPXReplayPoint(point).fix(motion: .unknown).location(at: timestamp)
    }
}
