import GPX

/// Turns points placed on the replay's timeline (``GPXReplayTimeline``), in order, into replay items with Xcode's
/// waypoint semantics, one item at a time.
///
/// A point at the same place and time as the point before it (an untimed copy of a timed point) is the same fix:
/// only one of them is emitted, the timed one.
///
/// A point's fix is emitted once the next point is known (a one-point lookahead), because its derived speed and
/// course are those of the leg that starts there. A leg lasts the difference of its ends' times (0 when the later
/// is not later). Along a leg, a fix is emitted every whole second after its start that falls more than a microsecond
/// before its end (up to ``GPXReplay/maximumInterpolatedLeg``), on the geodesic, at constant speed; these are
/// computed as they are asked for, so a long leg takes no memory. Across a boundary nothing is interpolated.
///
/// Use: ``nextItem()`` until it returns `nil`, then ``add(_:at:legDuration:)`` or ``endSegment()``, and so on.
struct GPXReplayPlanner {
    /// A point placed on the replay's timeline.
    private struct Placed {
        var point: GPXReplayPoint
        var time: Date
    }

    /// The fixes between the ends of a leg, generated on demand.
    private struct Leg {
        var start: Placed
        var first: GPXReplayFix
        var last: GPXReplayFix
        var distance: Double
        var azimuth: Double
        var duration: TimeInterval
        var speed: Double
        /// The second after the start of the next fix.
        var second = 1.0
    }

    /// The last point added, not yet emitted, and the motion that brought it there: the speed (−1 when unknown)
    /// and the direction at the end of the leg, when it has one (its azimuth is worked out only at a segment's end).
    private var pending: Placed?
    private var arrivingSpeed = -1.0
    private var arrivingDirection: Geodesic.Direction?
    /// The item to hand out next, before the rest of the current leg.
    private var queued: ReplayItem?
    private var leg: Leg?
    /// The reduced latitudes of the last leg's ends, one of which starts the next leg.
    private var reducedLatitudes = Geodesic.ReducedLatitudes()

    /// The next item of what was added, or `nil` when more must be added.
    mutating func nextItem() -> ReplayItem? {
        if let item = queued {
            queued = nil
            return item
        }
        // The leg is read in place: copying it out (about 350 bytes) at every call was most of the planner's time.
        guard let second = leg?.second, let duration = leg?.duration, Self.interpolates(second, within: duration),
            let current = leg
        else {
            // Cleared only when set: storing `nil` writes the whole absent leg (about 350 bytes), at every call.
            if leg != nil { leg = nil }
            return nil
        }
        let fraction = second / duration
        let position = Geodesic.direct(
            latitude: current.start.point.latitude, longitude: current.start.point.longitude,
            azimuth: current.azimuth, distance: current.distance * fraction)
        let motion = GPXReplayMotion(speed: current.speed, course: current.distance > 0 ? position.finalAzimuth : -1)
        let fix = GPXReplayFix(
            between: current.first, and: current.last, fraction: fraction, latitude: position.latitude,
            longitude: position.longitude, motion: motion)
        let item = Self.item(fix, at: current.start.time.addingTimeInterval(second))
        leg?.second += 1
        return item
    }

    /// Whether a fix is emitted `second` seconds into a leg lasting `duration`: more than a microsecond before its
    /// end.
    private static func interpolates(_ second: Double, within duration: TimeInterval) -> Bool {
        second < duration - 1e-6
    }

    /// Adds the next point of the current segment at its place on the timeline; the previous point's fix and the
    /// fixes of the leg between them follow from ``nextItem()``.
    ///
    /// - Parameters:
    ///   - point: The point.
    ///   - time: Its place on the timeline.
    ///   - legDuration: The leg's exact duration when it is known apart from the times (the default speed's),
    ///     else `nil` for the difference of the times.
    mutating func add(_ point: GPXReplayPoint, at time: Date, legDuration: TimeInterval?) {
        guard let start = pending else {
            pending = Placed(point: point, time: time)
            return
        }
        if start.time == time, start.point.latitude == point.latitude, start.point.longitude == point.longitude {
            // The same place at the same moment (an untimed copy of a timed point, placed at its time): one fix, the
            // timed point's, which keeps the motion of the legs around it.
            if start.point.time == nil { pending = Placed(point: point, time: time) }
            return
        }
        let line = Geodesic.inverse(
            latitude1: start.point.latitude, longitude1: start.point.longitude,
            latitude2: point.latitude, longitude2: point.longitude, reducedLatitudes: &reducedLatitudes)
        let duration = legDuration ?? max(0, time.timeIntervalSince(start.time))
        let moves = duration > 0
        let speed = moves ? line.distance / duration : -1
        let departing = GPXReplayMotion(speed: speed, course: moves && line.distance > 0 ? line.initialAzimuth : -1)
        let first = start.point.fix(motion: departing)
        queued = Self.item(first, at: start.time)
        if duration <= GPXReplay.maximumInterpolatedLeg {
            // A leg without a fix inside (such as a recording's 1 s step) is not kept at all.
            if Self.interpolates(1, within: duration) {
                leg = Leg(
                    start: start, first: first, last: point.fix(motion: .unknown), distance: line.distance,
                    azimuth: line.initialAzimuth, duration: duration, speed: speed)
            } else if leg != nil {
                leg = nil
            }
        }
        pending = Placed(point: point, time: time)
        arrivingSpeed = speed
        arrivingDirection = moves && line.distance > 0 ? line.finalDirection : nil
    }

    /// Ends the current segment (track, route): its last point, which keeps the motion it arrived with, follows
    /// from ``nextItem()``.
    mutating func endSegment() {
        guard let last = pending else { return }
        let arriving = GPXReplayMotion(speed: arrivingSpeed, course: arrivingDirection?.azimuth ?? -1)
        queued = Self.item(last.point.fix(motion: arriving), at: last.time)
        pending = nil
        arrivingSpeed = -1
        arrivingDirection = nil
    }

    private static func item(_ fix: GPXReplayFix, at time: Date) -> ReplayItem {
        ReplayItem(time: time, event: .locations([fix.location(at: time)]))
    }
}
