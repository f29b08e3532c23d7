import GPX

/// Places the points of a GPX document, segment by segment, on the replay's timeline.
///
/// The rules (<doc:GPXReplayAndRecording>): a point with a `<time>` is placed at that time. Untimed points between two
/// timed points of a segment are placed between their times in proportion to the distance along the path (at a constant
/// speed from one to the other). Untimed points before the first timed point of a segment are placed so that they
/// arrive at it at the default speed; untimed points after the last one, and those of a segment without any time,
/// follow one another at the default speed. The first point of a segment without a timed point comes 1 s after
/// the previous segment's last point, or at ``startTime`` for the first segment. No point is placed before the
/// one placed before it: a point whose time would be earlier (a time out of order in the file) is placed at the
/// previous one's time, so it is reached at once and the replay never goes back in time.
///
/// Untimed points are held until the next timed point (or the segment's end) tells where they go, at most
/// ``maximumHeldPoints`` of them: beyond that they are placed at the default speed, and the timed point that
/// follows keeps its time (it is reached at once if the untimed ones took longer).
struct GPXReplayTimeline {
    /// A point placed on the timeline, or the end of a segment.
    enum Entry {
        /// A point and its time; `legDuration` is the exact duration of the leg from the previous point when it was
        /// derived from the default speed (so that it is not re-computed from rounded times).
        case point(GPXReplayPoint, time: Date, legDuration: TimeInterval?)
        /// The end of a segment (track segment, track, route).
        case boundary
    }

    /// The most untimed points held while waiting for a timed one: about 1 MB.
    static let maximumHeldPoints = 10_000

    /// Metres per second between points whose times do not come from the file, > 0.
    let defaultSpeed: Double
    /// The time of the first point when the rules above do not place it by a timed point.
    let startTime: Date

    /// How many points with a `<time>` were placed later than it, at the time of a point placed before them (a time
    /// out of order in the file).
    private(set) var backwardTimes = 0
    /// The first of them: its own time, and the time it was placed at.
    private(set) var firstBackwardTime: (time: Date, placedAt: Date)?

    /// The last point placed in the current segment.
    private var last: (point: GPXReplayPoint, time: Date)?
    /// The time of the previous segment's last point.
    private var previousSegmentEnd: Date?
    /// The time of the last point placed in any segment.
    private var latest: Date?
    /// Untimed points waiting for the next timed point or the segment's end.
    private var held: [GPXReplayPoint] = []
    private var ready: [Entry] = []
    private var readyIndex = 0

    init(defaultSpeed: Double, startTime: Date) {
        self.defaultSpeed = defaultSpeed
        self.startTime = startTime
    }

    /// The next placed point or boundary, in order; `nil` until more points arrive.
    mutating func next() -> Entry? {
        guard readyIndex < ready.count else {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            return nil
        }
        readyIndex += 1
        return ready[readyIndex - 1]
    }

    /// Adds the next point of the current segment.
    ///
    /// - Returns: The point's entry, when it is placed at once and nothing placed waits before it (a timed point
    ///   with no untimed point held, and every entry handed out: nearly every point of a recording); it is then not
    ///   queued for ``next()``, which saves a copy into the queue and out. `nil` when the point waits or was queued.
    mutating func add(_ point: GPXReplayPoint) -> Entry? {
        guard let time = point.time else {
            held.append(point)
            if held.count >= Self.maximumHeldPoints { placeHeldAtDefaultSpeed() }
            return nil
        }
        var legDuration: TimeInterval?
        if !held.isEmpty {
            if let last {
                placeHeld(between: (last.point, last.time), and: (point, time))
            } else {
                legDuration = placeHeld(before: point, at: time)
            }
        }
        let entry = placed(point, at: time, legDuration: legDuration)
        if case .point(_, let placedAt, _) = entry, placedAt > time {
            backwardTimes += 1
            if firstBackwardTime == nil { firstBackwardTime = (time, placedAt) }
        }
        guard readyIndex < ready.count else { return entry }
        ready.append(entry)
        return nil
    }

    /// Ends the current segment: places its trailing untimed points and marks the boundary.
    mutating func endSegment() {
        placeHeldAtDefaultSpeed()
        guard let last else { return }
        previousSegmentEnd = last.time
        self.last = nil
        ready.append(.boundary)
    }

    private mutating func place(_ point: GPXReplayPoint, at time: Date, legDuration: TimeInterval?) {
        ready.append(placed(point, at: time, legDuration: legDuration))
    }

    /// Places `point` at `time` (or at the latest time placed, if that is later) as the segment's last point, and
    /// returns its entry.
    private mutating func placed(_ point: GPXReplayPoint, at time: Date, legDuration: TimeInterval?) -> Entry {
        let placed = max(time, latest ?? time)
        // The exact duration holds only while it matches the times (it does not after a clamp).
        let elapsed = last.map { placed.timeIntervalSince($0.time) }
        let exact = legDuration.flatMap { duration in elapsed.map { abs($0 - duration) < 1e-6 } == true ? duration : nil
        }
        last = (point, placed)
        latest = placed
        return .point(point, time: placed, legDuration: exact)
    }

    /// Places the held points one after another at the default speed, after the last point placed or, in a new
    /// segment, 1 s after the previous segment (at ``startTime`` for the first).
    private mutating func placeHeldAtDefaultSpeed() {
        for point in held {
            if let last {
                let duration = distance(last.point, point) / defaultSpeed
                place(point, at: last.time.addingTimeInterval(duration), legDuration: duration)
            } else {
                place(point, at: previousSegmentEnd?.addingTimeInterval(1) ?? startTime, legDuration: nil)
            }
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Places the held points between two placed points, in proportion to the distance along the path; evenly
    /// when the path has no length.
    private mutating func placeHeld(between start: (GPXReplayPoint, Date), and end: (GPXReplayPoint, Date)) {
        var along: [Double] = []
        var total = 0.0
        var previous = start.0
        for point in held {
            total += distance(previous, point)
            along.append(total)
            previous = point
        }
        total += distance(previous, end.0)
        let duration = max(0, end.1.timeIntervalSince(start.1))
        for (index, point) in held.enumerated() {
            let fraction = total > 0 ? along[index] / total : Double(index + 1) / Double(held.count + 1)
            place(point, at: start.1.addingTimeInterval(duration * fraction), legDuration: nil)
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Places the held points, the first of a segment, so that they reach `end` at `time` at the default speed.
    ///
    /// - Returns: The duration of the leg from the last of them to `end`.
    private mutating func placeHeld(before end: GPXReplayPoint, at time: Date) -> TimeInterval {
        var remaining = [Double](repeating: 0, count: held.count)
        var next = end
        var total = 0.0
        for index in held.indices.reversed() {
            total += distance(held[index], next) / defaultSpeed
            remaining[index] = total
            next = held[index]
        }
        for (index, point) in held.enumerated() {
            let duration = index == 0 ? nil : remaining[index - 1] - remaining[index]
            place(point, at: time.addingTimeInterval(-remaining[index]), legDuration: duration)
        }
        held.removeAll(keepingCapacity: true)
        return remaining.last ?? 0
    }

    private func distance(_ start: GPXReplayPoint, _ end: GPXReplayPoint) -> Double {
        Geodesic.inverse(
            latitude1: start.latitude, longitude1: start.longitude, latitude2: end.latitude,
            longitude2: end.longitude
        ).distance
    }
}
