import Foundation

/// A whole GPX document in memory: metadata, waypoints, routes and tracks.
///
/// Built from the events of ``GPXReader``; for files too large to hold, stream the events
/// instead with ``GPXReader/read(contentsOf:_:)``.
public struct GPXDocument: Sendable, Hashable {
    /// Version, creator, name and time of the document.
    public var metadata: GPXMetadata
    /// Waypoints (`<wpt>`) in file order.
    public var waypoints: [GPXPoint]
    /// Routes (`<rte>`) in file order.
    public var routes: [GPXRoute]
    /// Tracks (`<trk>`) in file order.
    public var tracks: [GPXTrack]
    /// Counts and diagnostics from reading; empty for a document built in code.
    public var summary: GPXReadSummary

    /// Creates a document.
    public init(
        metadata: GPXMetadata = GPXMetadata(), waypoints: [GPXPoint] = [], routes: [GPXRoute] = [],
        tracks: [GPXTrack] = [], summary: GPXReadSummary = GPXReadSummary()
    ) {
        self.metadata = metadata
        self.waypoints = waypoints
        self.routes = routes
        self.tracks = tracks
        self.summary = summary
    }

    /// Reads a whole GPX file with a strict ``GPXReader``.
    ///
    /// - Throws: ``GPXDiagnostic`` for I/O errors, malformed XML, a DTD, or an invalid value.
    public init(contentsOf url: URL) throws {
        self = try GPXReader().readDocument(contentsOf: url)
    }

    mutating func apply(_ event: GPXEvent) {
        switch event {
        case .metadata(let value): metadata = value
        case .waypoint(let point): waypoints.append(point)
        case .routeStarted: routes.append(GPXRoute())
        case .routePoint(let point): routes[routes.count - 1].points.append(point)
        case .routeEnded(let name): routes[routes.count - 1].name = name
        case .trackStarted: tracks.append(GPXTrack())
        case .segmentStarted: tracks[tracks.count - 1].segments.append(GPXTrackSegment())
        case .trackPoint(let point):
            let last = tracks.count - 1
            tracks[last].segments[tracks[last].segments.count - 1].points.append(point)
        case .trackEnded(let name): tracks[tracks.count - 1].name = name
        }
    }
}
