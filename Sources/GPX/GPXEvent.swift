/// One step of a streamed GPX document, delivered in file order by ``GPXReader``.
///
/// Names of routes and tracks arrive with their end event because `<name>` is a child
/// element that may follow the start tag. Events hold no reference to the parser and are
/// `Sendable`.
public enum GPXEvent: Sendable, Hashable {
    /// Document metadata; delivered exactly once, before the first waypoint, route or track
    /// (or at the end of a document that has none).
    case metadata(GPXMetadata)
    /// A waypoint (`<wpt>`).
    case waypoint(GPXPoint)
    /// A route (`<rte>`) begins.
    case routeStarted
    /// A route point (`<rtept>`) of the current route.
    case routePoint(GPXPoint)
    /// The current route ends; `name` is its `<name>`.
    case routeEnded(name: String?)
    /// A track (`<trk>`) begins.
    case trackStarted
    /// A track segment (`<trkseg>`) of the current track begins.
    case segmentStarted
    /// A track point (`<trkpt>`) of the current segment.
    case trackPoint(GPXPoint)
    /// The current track ends; `name` is its `<name>`.
    case trackEnded(name: String?)
}
