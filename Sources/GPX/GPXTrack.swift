/// A GPX track (`<trk>`): a recorded path made of one or more segments.
public struct GPXTrack: Sendable, Hashable {
    /// The track's `<name>`, `nil` when absent.
    public var name: String?
    /// The segments in file order; possibly empty, and segments may themselves be empty.
    public var segments: [GPXTrackSegment]

    /// Creates a track.
    public init(name: String? = nil, segments: [GPXTrackSegment] = []) {
        self.name = name
        self.segments = segments
    }

    /// All track points of all segments, in file order.
    public var points: [GPXPoint] { segments.flatMap(\.points) }
}
