import GPX

/// A GPX document as a ``ReplaySource``, read as its items are asked for.
///
/// Each pass reads the document twice: a short scan (``GPXReplayScan``) decides which points to replay and when the
/// first one is, then ``next()`` reads on only as far as the next item needs: the events go through
/// ``GPXReplayTimeline`` and ``GPXReplayPlanner``, whose interpolated fixes are computed one at a time. So memory
/// does not grow with the document or with the length of a leg, and no thread is involved. Nothing is read before
/// the first ``next()``. Errors (unreadable file, malformed XML, a refused DTD, no points) are written to standard
/// error and thrown by ``next()``; points skipped or values dropped by the lenient reader are summarised on
/// standard error at the end of each pass.
///
/// Used by one replay at a time, which serialises its calls.
final class GPXReplaySource: ReplaySource, BufferedReplaySource {
    /// A document without any point to replay.
    struct NoPoints: Error, CustomStringConvertible {
        var source: String
        var reason: String { "no track points, route points or waypoints to replay" }
        var description: String { "\(source): error: \(reason)" }
    }

    /// One pass through the document.
    fileprivate struct Pass {
        var stream: GPXEventStream
        var selection: GPXReplayScan.Selection
        var timeline: GPXReplayTimeline
        var planner = GPXReplayPlanner()
        var isRead = false
    }

    private let input: GPXReplayInput
    /// The document's name in diagnostics (a file's path, worked out once: `URL.path` is not cheap).
    private let name: String
    private let defaultSpeed: Double
    private var pass: Pass?

    /// Creates a source; reading starts with the first ``next()``.
    init(input: GPXReplayInput, defaultSpeed: Double) {
        self.input = input
        name = input.name
        self.defaultSpeed = defaultSpeed
    }

    func next() throws -> ReplayItem? {
        do {
            if pass == nil { pass = try start() }
            return try pass?.nextItem(warningAbout: name)
        } catch {
            close()  // the error reaches the managers under their CLError: no warning repeats it
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

    /// Always `true`: the next item never waits for input to arrive.
    ///
    /// The document is a file, read twice and so never a pipe, or data in memory. As fast as possible, the fixes go
    /// to the managers in bursts (one hop to the callback thread per ``ManagerMailbox/burstSize`` events) instead of
    /// one hop per fix; the end of the document (`finished`, which does not follow at once) hands the last burst
    /// over.
    var hasBufferedItems: Bool { true }

    func rewind() throws {
        close()
    }

    func close() {
        pass?.stream.close()
        pass = nil
    }

    private func start() throws -> Pass {
        let scan = try GPXReplayScan(input, defaultSpeed: defaultSpeed)
        guard let selection = scan.selection else { throw NoPoints(source: name) }
        return Pass(
            stream: try input.events(), selection: selection,
            timeline: GPXReplayTimeline(defaultSpeed: defaultSpeed, startTime: scan.startTime ?? Date()))
    }
}

extension GPXReplaySource.Pass {
    /// The next item, reading as far as it needs; `nil` at the end of the document.
    mutating func nextItem(warningAbout name: String) throws -> ReplayItem? {
        while true {
            if let item = planner.nextItem() { return item }
            switch timeline.next() {
            case .point(let point, let time, let legDuration):
                planner.add(point, at: time, legDuration: legDuration)
                continue
            case .boundary:
                planner.endSegment()
                continue
            case nil:
                break
            }
            if isRead { return nil }
            guard let event = try stream.next() else {
                timeline.endSegment()
                isRead = true
                if let skipped = stream.summary.skippedDescription { Diagnostics.warn("\(name): warning: \(skipped)") }
                continue
            }
            switch (selection, event) {
            case (.trackPoints, .trackStarted), (.trackPoints, .segmentStarted), (.routePoints, .routeStarted):
                timeline.endSegment()
            case (.trackPoints, .trackPoint(let point)), (.routePoints, .routePoint(let point)),
                (.waypoints, .waypoint(let point)):
                timeline.add(point)
            default:
                break
            }
        }
    }
}
