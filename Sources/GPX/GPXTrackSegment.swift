/// A track segment (`<trkseg>`): track points logically connected in order.
///
/// A new segment starts after a loss of fix or a recording pause; a replayer should not
/// interpolate across segment boundaries. Segments may be empty.
public struct GPXTrackSegment: Sendable, Hashable {
    /// The track points in file order.
    public var points: [GPXPoint]

    /// Creates a segment.
    public init(points: [GPXPoint] = []) {
        self.points = points
    }
}
