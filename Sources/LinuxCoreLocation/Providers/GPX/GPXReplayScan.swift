import GPX

/// The first, short read of a GPX document before it is replayed: which points to replay, and when the first of
/// them is.
///
/// Track points are replayed when the document has any, else route points, else waypoints. The first point is at
/// its own time when it has one. Otherwise, when a later point of the replayed kind has a time, the untimed points
/// before it are placed so that they arrive at that time (at the default speed, 1 s across each boundary, as
/// ``GPXReplayTimeline`` places them); when none has, at the document's `<metadata><time>`, else when the replay
/// starts. A time that fails ``FixTime`` places nothing (the replay skips that point). The read stops at the first
/// timed track point, or after ``maximumUntimedPoints`` untimed ones (then taken as a document without times); a
/// document without track points is read to its end, or to an error in it after some points (the replay then
/// replays those before it fails).
struct GPXReplayScan {
    /// Which points of a document are replayed.
    enum Selection: Sendable {
        case trackPoints, routePoints, waypoints
    }

    /// The most untimed track points read while looking for a timed one.
    static let maximumUntimedPoints = 100_000

    /// The points to replay, or `nil` when the document has none.
    private(set) var selection: Selection?
    /// The time of the first point to replay, when the document sets it.
    private(set) var startTime: Date?

    /// Reads `input` far enough to decide.
    ///
    /// - Parameters:
    ///   - input: The document.
    ///   - defaultSpeed: Metres per second between untimed points, > 0.
    ///   - cancellation: Ends a read waiting on a FIFO or pipe.
    /// - Throws: The reader's ``GPXDiagnostic``.
    init(_ input: GPXReplayInput, defaultSpeed: Double, cancellation: GPXReadCancellation? = nil) throws {
        let stream = try input.events(cancellation: cancellation)
        defer { stream.close() }
        var metadataTime: Date?
        var leads = [Selection.trackPoints, .routePoints, .waypoints].map { _ in Lead(defaultSpeed: defaultSpeed) }
        var counts = [0, 0, 0]
        func add(_ point: GPXPoint, to kind: Int) {
            counts[kind] += 1
            if !Self.isOutOfRange(point.time) { leads[kind].add(point) }  // the replay skips it
        }
        // A document broken or cut short after some points is decided by those: the replay reads up to the error,
        // then fails with it (a cut file whose scan would have read to its end replayed nothing).
        func nextEvent() throws(GPXDiagnostic) -> GPXEvent? {
            do {
                return try stream.next()
            } catch let diagnostic where diagnostic.kind != .io && counts.contains(where: { $0 > 0 }) {
                return nil
            }
        }
        while let event = try nextEvent() {
            switch event {
            case .metadata(let metadata): metadataTime = Self.isOutOfRange(metadata.time) ? nil : metadata.time
            case .trackStarted, .segmentStarted: leads[0].endSegment()
            case .trackPoint(let point): add(point, to: 0)
            case .routeStarted: leads[1].endSegment()
            case .routePoint(let point): add(point, to: 1)
            case .waypoint(let point): add(point, to: 2)
            case .routeEnded, .trackEnded: break
            }
            if leads[0].anchor != nil || counts[0] >= Self.maximumUntimedPoints { break }
        }
        guard let kind = counts.firstIndex(where: { $0 > 0 }) else { return }
        selection = [.trackPoints, .routePoints, .waypoints][kind]
        startTime = leads[kind].anchor ?? metadataTime
    }

    /// Whether `time` fails ``FixTime`` (the replay skips such points, so they place nothing).
    private static func isOutOfRange(_ time: Date?) -> Bool {
        time.map { FixTime.problem(with: $0, now: nil) != nil } ?? false
    }

    /// The time before the first timed point that the untimed points before it take, at the default speed.
    private struct Lead {
        let defaultSpeed: Double
        /// When the first point is, so that the untimed points reach the first timed one at its time.
        private(set) var anchor: Date?
        /// Seconds from the first point to the last point read, as the timeline places untimed points.
        private var elapsed = 0.0
        private var last: GPXPoint?
        /// Where the last segment with points ended, in seconds from the first point.
        private var previousEnd: Double?

        init(defaultSpeed: Double) {
            self.defaultSpeed = defaultSpeed
        }

        mutating func add(_ point: GPXPoint) {
            guard anchor == nil else { return }
            if let last {
                elapsed +=
                    Geodesic.inverse(
                        latitude1: last.latitude, longitude1: last.longitude, latitude2: point.latitude,
                        longitude2: point.longitude
                    ).distance / defaultSpeed
            } else {
                elapsed = previousEnd.map { $0 + 1 } ?? 0
            }
            last = point
            if let time = point.time { anchor = time.addingTimeInterval(-elapsed) }
        }

        mutating func endSegment() {
            guard last != nil else { return }
            previousEnd = elapsed
            last = nil
        }
    }
}
