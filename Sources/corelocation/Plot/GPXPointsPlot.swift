import Foundation
import GPX
import LinuxCoreLocation

/// The points of a GPX file that `plot` draws without `--replay`, gathered event by event as the file is read, in
/// memory that does not grow with the file (issue 30: the whole document was read into memory first).
///
/// The points drawn are those a replay visits (``GPXReplay/replayedPoints(of:)``): the track points when the file
/// has any, else the route points, else the waypoints. Since which kind that is shows only at the end of the file,
/// all three are gathered, each thinned as ``TrackPlotAccumulator`` thins a long track. Each track segment and each
/// route is a path of its own; the waypoints are one. Points without a valid position (`<fix>none</fix>`) are left
/// out, as a replay leaves them out. The points drawn whose `<time>` is earlier than one before them are counted, for
/// the warning a replay gives of them (``backwardTimes``).
struct GPXPointsPlot {
    /// Whether a fix passes the command's accuracy filter (drawn as accepted).
    let accepts: (CLLocation) -> Bool
    private var tracks = Kind()
    private var routes = Kind()
    private var waypoints = Kind()
    /// The name of the first track that has one.
    private(set) var trackName: String?
    /// The document's `<metadata><name>`.
    private(set) var documentName: String?

    /// The points of one kind.
    private struct Kind {
        var plot = TrackPlotAccumulator()
        /// The points read, drawn or not.
        var count = 0
        /// The latest `<time>` of the points read.
        var latest: Date?
        /// How many points have a `<time>` earlier than one read before them, and the first such time with the
        /// latest before it.
        var backwardTimes: (count: Int, first: (time: Date, after: Date))?

        /// Counts `point` and draws it unless its position is invalid.
        ///
        /// A method of its own, not one of the plot taking this kind `inout`: that copied the plot (and its kinds'
        /// arrays) at every point, so each append copied the array, quadratic in the points.
        mutating func add(_ point: GPXPoint, accepts: (CLLocation) -> Bool) {
            count += 1
            if let time = point.time {
                if let latest, time < latest {
                    backwardTimes = ((backwardTimes?.count ?? 0) + 1, backwardTimes?.first ?? (time, latest))
                }
                latest = max(time, latest ?? time)
            }
            let location = GPXReplay.location(of: point, timestamp: point.time ?? .distantPast)
            guard location.horizontalAccuracy >= 0 else { return }
            plot.add(location, accepted: accepts(location))
        }
    }

    /// Gathers nothing yet; `accepts` marks the fixes the accuracy filter passes.
    init(accepts: @escaping (CLLocation) -> Bool) {
        self.accepts = accepts
    }

    /// The points to draw, or `nil` when the file has no track point, route point or waypoint.
    var drawn: TrackPlotAccumulator? { drawnKind?.plot }

    /// How many of the points drawn have a `<time>` earlier than one before them in the file (as a replay reaches
    /// them, across segments), and the first such time with the latest before it; `nil` when none has.
    var backwardTimes: (count: Int, first: (time: Date, after: Date))? { drawnKind?.backwardTimes }

    /// The kind of points drawn: track points, else route points, else waypoints.
    private var drawnKind: Kind? {
        [tracks, routes, waypoints].first { $0.count > 0 }
    }

    /// The name of a GPX file's first named track and its `<metadata><name>`, read only as far as that track's end
    /// (`plot --replay`'s title, as the points' picture has it); `nil` for what the file lacks, or when it cannot be
    /// read (the replay then says why).
    static func names(ofDocumentAt url: URL) -> (track: String?, document: String?) {
        struct FoundTrackName: Error {}
        var (track, document): (String?, String?) = (nil, nil)
        _ = try? GPXReader(mode: .lenient).read(contentsOf: url) { event in
            switch event {
            case .metadata(let metadata): document = metadata.name
            case .trackEnded(let name?):
                track = name
                throw FoundTrackName()
            default: break
            }
        }
        return (track, document)
    }

    /// Takes in the next event of the file.
    mutating func add(_ event: GPXEvent) {
        switch event {
        case .metadata(let metadata): documentName = metadata.name
        case .segmentStarted: tracks.plot.startSegment()
        case .trackPoint(let point): tracks.add(point, accepts: accepts)
        case .trackEnded(let name): trackName = trackName ?? name
        case .routeStarted: routes.plot.startSegment()
        case .routePoint(let point): routes.add(point, accepts: accepts)
        case .waypoint(let point): waypoints.add(point, accepts: accepts)
        case .trackStarted, .routeEnded: break
        }
    }
}
