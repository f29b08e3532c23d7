import GPX
import LocationSupport

/// A GPX document as a ``ReplaySource``, read as its items are asked for.
///
/// Each pass reads the document twice: a short scan (``GPXReplayScan``) decides which points to replay and when the
/// first one is, then ``next()`` reads on only as far as the next item needs: the events go through
/// ``GPXReplayTimeline`` and ``GPXReplayPlanner``, whose interpolated fixes are computed one at a time. So memory
/// does not grow with the document or with the length of a leg, and no thread is involved. Nothing is read before
/// the first ``next()``. Errors (unreadable file, malformed XML, a refused DTD, no points) are written to standard
/// error and thrown by ``next()``; an error in the document (broken or cut short after some points) is thrown after
/// the items of every point before it, the last one's too; points skipped or values dropped by the lenient reader
/// are summarised on standard error at the end of the first pass. A fix whose time fails ``FixTime`` (before 1980, after the year
/// 4000) is skipped and counted: the first of each cause is announced, the counts join that summary. A loop's later
/// passes read the same document, so they say nothing more (each pass repeated both lines, with growing counts,
/// and a replay reads passes ahead of its slowest manager: a tester's `--count 8` printed up to 53 of them); the
/// count (``skipped``) goes on over every pass.
///
/// A FIFO, pipe or device gives its bytes only once: it is read to its end at the first pass and replayed from
/// memory (at most ``unseekableLimit`` bytes; a longer one fails with a message saying to save it to a file).
/// A FIFO or pipe is read without blocking in `open(2)` or `read(2)` (see `GPXReadCancellation`): ``interrupt()``,
/// which the replay calls from the stopping thread, ends a wait for a writer or for data at once, and the read ends
/// quietly. Used by one replay at a time, which serialises its other calls.
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
        /// Where the reader's summary of what it skipped goes at the end of the document, and the note of a time
        /// that goes back: the first pass's only.
        var announcesReaderSkips: (@Sendable (String) -> Void)?
        /// Whether the first time that goes back was announced.
        var announcedBackwardTime = false
        /// The error that ended the document early (not well-formed, cut short), thrown once the fixes of the points
        /// read before it have been handed out.
        var failure: (any Error)?
    }

    /// The document: a file, or data in memory (given so, or read at the first pass from a pipe, FIFO or device).
    private var input: GPXReplayInput
    /// The document's name in diagnostics (a file's path, worked out once: `URL.path` is not cheap).
    private let name: String
    private let defaultSpeed: Double
    /// The pass being read.
    ///
    /// Unchecked exclusivity, as ``skipped``: the replay serialises its calls and nothing re-enters the source, so
    /// the runtime's checks at every item (two accesses, about 180 instructions) would never find a conflict.
    @exclusivity(unchecked) private var pass: Pass?
    /// Fixes skipped because their time is out of range, over every pass.
    @exclusivity(unchecked) private(set) var skipped: SkippedFixes
    /// How many passes have ended.
    private var passesEnded = 0
    private let announce: @Sendable (String) -> Void
    /// Ends a read waiting on a FIFO or a stalled pipe when the replay stops (``interrupt()``).
    private let cancellation = GPXReadCancellation()

    /// Creates a source; reading starts with the first ``next()``.
    ///
    /// `announce` receives the first skipped fix of
    /// each cause and the end-of-pass summary (standard error by default).
    init(
        input: GPXReplayInput, defaultSpeed: Double,
        announce: @escaping @Sendable (String) -> Void = { Diagnostics.warn($0) }
    ) {
        self.input = input
        name = input.name
        self.defaultSpeed = defaultSpeed
        skipped = SkippedFixes(source: input.name, announce: announce)
        self.announce = announce
        if case .file(let url) = input {
            mayWaitForData = FileKind(path: url.path).map { $0 != .regularFile } ?? false
        } else {
            mayWaitForData = false
        }
    }

    func next() throws -> ReplayItem? {
        do {
            // The pass is used in place, and tested for absence only when it gives no item: a test first, at every
            // item, copied its 700 bytes.
            while true {
                if let item = try pass?.nextItem(warningAbout: name, skipped: &skipped) { return item }
                guard case .none = pass else { break }
                pass = try start()
            }
            if passesEnded == 0, let summary = skipped.summary { announce(summary) }
            passesEnded += 1
            return nil
        } catch {
            close()  // the error reaches the managers under their CLError: no warning repeats it
            if cancellation.isCancelled { return nil }  // stopped while waiting for data: nothing to report
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
        return ReplayInputError(diagnostic)
    }

    /// Whether the document is a file that is not a regular one: a FIFO, a pipe such as `/dev/stdin`, a device.
    ///
    /// A missing file fails at once. Worked out once, when the source is made.
    let mayWaitForData: Bool

    func interrupt() {
        cancellation.cancel()
    }

    /// `true` unless ``mayWaitForData``: the next item of a regular file or of data in memory never waits for input
    /// to arrive.
    ///
    /// As fast as possible, the fixes go to the managers in bursts (one hop to the callback thread per
    /// ``CallbackMailbox/burstSize`` events) instead of one hop per fix; the end of the document (`finished`, which
    /// does not follow at once) hands the last burst over. From a FIFO or pipe, each fix is handed over at once,
    /// since the next may wait.
    var hasBufferedItems: Bool { !mayWaitForData }

    func rewind() throws {
        close()
    }

    func close() {
        pass?.stream.close()
        pass = nil
    }

    /// The most bytes of a document read from a pipe, FIFO or device that a replay holds in memory.
    static let unseekableLimit = 64 * 1024 * 1024

    private func start() throws -> Pass {
        if mayWaitForData, case .file(let url) = input {
            // A pipe gives its bytes once, and a pass reads the document twice (scan, then events), and again at
            // every loop: it is read to its end and held in memory.
            input = .data(
                try GPXReader.contents(of: url, limit: Self.unseekableLimit, cancellation: cancellation), name: name)
        }
        let scan = try GPXReplayScan(input, defaultSpeed: defaultSpeed, cancellation: cancellation)
        guard let selection = scan.selection else { throw NoPoints(source: name) }
        return Pass(
            stream: try input.events(cancellation: cancellation), selection: selection,
            timeline: GPXReplayTimeline(defaultSpeed: defaultSpeed, startTime: scan.startTime ?? Date()),
            announcesReaderSkips: passesEnded == 0 ? announce : nil)
    }
}

extension GPXReplaySource.Pass {
    /// Says, once in the first pass, that a point's `<time>` goes back and what the replay does with it; the end of
    /// the document gives the count when there were more.
    private mutating func announceBackwardTime(_ name: String) {
        guard !announcedBackwardTime, let announce = announcesReaderSkips, let first = timeline.firstBackwardTime
        else { return }
        announcedBackwardTime = true
        announce(
            Diagnostics.line(
                name,
                "warning: a <time> goes back (\(FixTime.text(of: first.time)) after "
                    + "\(FixTime.text(of: first.placedAt))): the point is replayed at the time of the one before it, as "
                    + "any later one that goes back is"))
    }

    /// The document's next event; `nil` at its end, or at an error in it (kept in ``failure``, thrown after the items
    /// before it).
    ///
    /// A document cut short (a logger that lost power) or broken further on: its points so far are real fixes, the
    /// last of them held back by the planner's lookahead; they are replayed as at the document's end, then the error
    /// comes. An error reading the file is thrown at once.
    private mutating func nextEvent() throws(GPXDiagnostic) -> GPXEvent? {
        do {
            return try stream.next()
        } catch let diagnostic where diagnostic.kind != .io {
            failure = diagnostic
            return nil
        }
    }

    /// The next item, reading as far as it needs; `nil` at the end of the document.
    ///
    /// A point whose time fails
    /// ``FixTime`` is counted in `skipped` and left out before it is placed (so it cannot hold back the points
    /// after it), as is any fix placed beyond the range.
    mutating func nextItem(warningAbout name: String, skipped: inout SkippedFixes) throws -> ReplayItem? {
        while true {
            if let item = planner.nextItem() {
                guard let problem = FixTime.problem(with: item.time, now: nil) else { return item }
                skipped.skip(problem, time: item.time)
                continue
            }
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
            if isRead {
                guard let failure else { return nil }
                self.failure = nil
                throw failure
            }
            guard let event = try nextEvent() else {
                timeline.endSegment()
                isRead = true
                if let announce = announcesReaderSkips, let skipped = stream.summary.skippedDescription {
                    announce("\(name): warning: \(skipped)")
                }
                if let announce = announcesReaderSkips, timeline.backwardTimes > 1 {
                    announce(
                        Diagnostics.line(
                            name,
                            "warning: \(timeline.backwardTimes) points whose <time> went back were replayed at the "
                                + "time of the point before them"))
                }
                continue
            }
            // A switch over the event alone: over a (selection, event) tuple, it copied the event's point.
            switch event {
            case .trackStarted where selection == .trackPoints, .segmentStarted where selection == .trackPoints,
                .routeStarted where selection == .routePoints:
                timeline.endSegment()
            case .trackPoint(let point) where selection == .trackPoints,
                .routePoint(let point) where selection == .routePoints,
                .waypoint(let point) where selection == .waypoints:
                if let time = point.time, let problem = FixTime.problem(with: time, now: nil) {
                    skipped.skip(problem, time: time)
                } else if case .point(let point, let time, let legDuration)? = timeline.add(GPXReplayPoint(point)) {
                    planner.add(point, at: time, legDuration: legDuration)
                }
                announceBackwardTime(name)
            default:
                break
            }
        }
    }
}
