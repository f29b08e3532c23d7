import GPX

/// Turns the points of a GPX document, in order, into paced replay items with Xcode's waypoint semantics.
///
/// Points arrive one at a time with ``add(_:_:)``, and ``endSegment(_:)`` marks a segment, track or route
/// boundary. A point's fix is emitted once the next point is known (a one-point lookahead), because its derived
/// speed and course are those of the leg that starts there.
///
/// Timing: the first point is at its own time, else at ``startTime``. A leg between two timed points lasts the
/// difference of their times (0 when the later time is not later); any other leg lasts its geodesic length
/// divided by ``defaultSpeed``. Along a leg, a fix is emitted every whole second after its start (up to
/// ``GPXReplay/maximumInterpolatedLeg``), on the geodesic, at constant speed. Across a boundary nothing is
/// interpolated: the next point follows after the difference of the two times when both are timed, else after
/// one second.
struct GPXReplayPlanner {
    /// A point placed on the replay's timeline.
    private struct Placed {
        var point: GPXPoint
        var time: Date
    }

    /// Metres per second on legs whose duration does not come from the file's times.
    let defaultSpeed: Double
    /// The time of the first point when it has none of its own.
    var startTime: Date

    /// The last point read, not yet emitted, and the motion that brought it there.
    private var pending: Placed?
    private var arriving = GPXReplayMotion.unknown
    /// The last point emitted before a boundary.
    private var previous: Placed?

    /// Creates a planner.
    ///
    /// - Parameters:
    ///   - defaultSpeed: Metres per second, > 0.
    ///   - startTime: The time of a first point without one.
    init(defaultSpeed: Double, startTime: Date) {
        self.defaultSpeed = defaultSpeed
        self.startTime = startTime
    }

    /// Adds the next point of the current segment; emits the previous point and the fixes between the two.
    mutating func add(_ point: GPXPoint, _ emit: (ReplayItem) throws -> Void) throws {
        guard let start = pending else {
            let time = previous.map { $0.time.addingTimeInterval(Self.timedGap($0.point, point) ?? 1) }
            pending = Placed(point: point, time: time ?? point.time ?? startTime)
            return
        }
        let line = Geodesic.inverse(
            latitude1: start.point.latitude, longitude1: start.point.longitude,
            latitude2: point.latitude, longitude2: point.longitude)
        let duration = Self.timedGap(start.point, point) ?? line.distance / defaultSpeed
        let moves = duration > 0
        let speed = moves ? line.distance / duration : -1
        let departing = GPXReplayMotion(speed: speed, course: moves && line.distance > 0 ? line.initialAzimuth : -1)
        let first = GPXReplayFix(start.point, motion: departing)
        try emit(Self.item(first, at: start.time))
        if duration <= GPXReplay.maximumInterpolatedLeg {
            let last = GPXReplayFix(point, motion: .unknown)
            var second = 1.0
            while second < duration {
                let fraction = second / duration
                let position = Geodesic.direct(
                    latitude: start.point.latitude, longitude: start.point.longitude, azimuth: line.initialAzimuth,
                    distance: line.distance * fraction)
                let motion = GPXReplayMotion(speed: speed, course: line.distance > 0 ? position.finalAzimuth : -1)
                let fix = GPXReplayFix(
                    between: first, and: last, fraction: fraction, latitude: position.latitude,
                    longitude: position.longitude, motion: motion)
                try emit(Self.item(fix, at: start.time.addingTimeInterval(second)))
                second += 1
            }
        }
        pending = Placed(point: point, time: start.time.addingTimeInterval(duration))
        arriving = GPXReplayMotion(speed: speed, course: moves && line.distance > 0 ? line.finalAzimuth : -1)
    }

    /// Ends the current segment (track, route): emits its last point, which keeps the motion it arrived with.
    mutating func endSegment(_ emit: (ReplayItem) throws -> Void) throws {
        guard let last = pending else { return }
        try emit(Self.item(GPXReplayFix(last.point, motion: arriving), at: last.time))
        previous = last
        pending = nil
        arriving = .unknown
    }

    /// The time from `start` to `end` by their own times when both have one (never negative), else `nil`.
    private static func timedGap(_ start: GPXPoint, _ end: GPXPoint) -> TimeInterval? {
        guard let from = start.time, let to = end.time else { return nil }
        return max(0, to.timeIntervalSince(from))
    }

    private static func item(_ fix: GPXReplayFix, at time: Date) -> ReplayItem {
        ReplayItem(time: time, event: .locations([fix.location(at: time)]))
    }
}
