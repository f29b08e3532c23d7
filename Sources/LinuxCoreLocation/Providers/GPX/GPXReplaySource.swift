import GPX

/// A GPX document as a ``ReplaySource``: a thread of its own streams the document through ``GPXReplayPlanner``
/// into a bounded ``GPXReplayChannel``, and ``next()`` takes the items from it.
///
/// The document is read twice on each pass: a first scan decides which points to replay (track points if the
/// file has any, else route points, else waypoints; it stops at the first track point, so for track files it is
/// short), the second read plans them. Nothing is read before the first ``next()``. Errors (unreadable file,
/// malformed XML, a refused DTD, no points) are written to standard error and thrown by ``next()``; points
/// skipped or values dropped by the lenient reader are summarised on standard error.
final class GPXReplaySource: ReplaySource {
    /// Which points of a document are replayed.
    enum Selection: Sendable {
        case trackPoints, routePoints, waypoints
    }

    /// A document without any point to replay.
    struct NoPoints: Error, CustomStringConvertible {
        var source: String
        var reason: String { "no track points, route points or waypoints to replay" }
        var description: String { "\(source): error: \(reason)" }
    }

    private let input: GPXReplayInput
    private let defaultSpeed: Double
    private var channel: GPXReplayChannel?

    /// Creates a source; reading starts with the first ``next()``.
    init(input: GPXReplayInput, defaultSpeed: Double) {
        self.input = input
        self.defaultSpeed = defaultSpeed
    }

    deinit {
        channel?.cancel()
    }

    func next() throws -> ReplayItem? {
        let channel = self.channel ?? startReading()
        do {
            return try channel.take()
        } catch {
            Diagnostics.warn("\(error)")
            throw Self.inputError(error) ?? error
        }
    }

    /// The ``ReplayInputError`` for a document that is not usable GPX (not well-formed, refused, no points), or
    /// `nil` for an error reading the file, which stays as thrown.
    private static func inputError(_ error: any Error) -> ReplayInputError? {
        if let noPoints = error as? NoPoints {
            return ReplayInputError(source: noPoints.source, reason: noPoints.reason)
        }
        guard let diagnostic = error as? GPXDiagnostic, diagnostic.kind != .io else { return nil }
        return ReplayInputError(
            source: diagnostic.source, line: diagnostic.line,
            reason: (diagnostic.element.map { "<\($0)> " } ?? "") + diagnostic.message)
    }

    func rewind() throws {
        channel?.cancel()
        channel = nil
    }

    private func startReading() -> GPXReplayChannel {
        let channel = GPXReplayChannel()
        self.channel = channel
        let input = self.input
        let defaultSpeed = self.defaultSpeed
        Thread.detachNewThread {
            do {
                try Self.produce(input, defaultSpeed: defaultSpeed, into: channel)
                channel.close(with: nil)
            } catch is GPXReplayChannel.Cancelled {
                channel.close(with: nil)
            } catch {
                channel.close(with: error)
            }
        }
        return channel
    }

    /// Reads the document and puts its planned items into `channel`.
    private static func produce(_ input: GPXReplayInput, defaultSpeed: Double, into channel: GPXReplayChannel) throws {
        guard let selection = try select(input, channel: channel) else { throw NoPoints(source: input.name) }
        var planner = GPXReplayPlanner(defaultSpeed: defaultSpeed, startTime: Date())
        let put = channel.put
        let summary = try input.read { event in
            switch (selection, event) {
            case (_, .metadata(let metadata)):
                if let time = metadata.time { planner.startTime = time }
            case (.trackPoints, .trackStarted), (.trackPoints, .segmentStarted), (.routePoints, .routeStarted):
                try planner.endSegment(put)
            case (.trackPoints, .trackPoint(let point)), (.routePoints, .routePoint(let point)),
                (.waypoints, .waypoint(let point)):
                try planner.add(point, put)
            default:
                try channel.checkCancelled()
            }
        }
        try planner.endSegment(put)
        if summary.skippedPoints > 0 || summary.droppedValues > 0 {
            let first = summary.diagnostics.first.map { "; first: \($0)" } ?? ""
            Diagnostics.warn(
                "\(input.name): warning: skipped \(summary.skippedPoints) invalid points and dropped \(summary.droppedValues) invalid values\(first)"
            )
        }
    }

    /// Which points to replay, or `nil` when the document has none.
    ///
    /// Stops reading at the first track point.
    private static func select(_ input: GPXReplayInput, channel: GPXReplayChannel) throws -> Selection? {
        struct FoundTrackPoint: Error {}
        var hasRoutePoints = false
        var hasWaypoints = false
        do {
            try input.read { event in
                try channel.checkCancelled()
                switch event {
                case .trackPoint: throw FoundTrackPoint()
                case .routePoint: hasRoutePoints = true
                case .waypoint: hasWaypoints = true
                default: break
                }
            }
        } catch is FoundTrackPoint {
            return .trackPoints
        }
        return hasRoutePoints ? .routePoints : hasWaypoints ? .waypoints : nil
    }
}
