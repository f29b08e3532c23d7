import GPX

/// A GPX point as a replay carries it through its timeline and planner: what its fixes need, worked out once.
///
/// About 100 bytes without a reference, where a `GPXPoint` is about 200 bytes with its name's reference, and a
/// point is copied several times on its way (placed, held, handed to the planner, kept as a leg's start).
struct GPXReplayPoint {
    /// The point's fix without motion: position, altitude and accuracies; speed and course −1.
    private let still: GPXReplayFix
    /// The point's own speed (m/s) and course (degrees), when it has them.
    private let speed: Double?
    private let course: Double?
    /// The point's `<time>`.
    let time: Date?

    /// The values of `point` that a replay uses.
    ///
    /// Horizontal accuracy: `lcl:hacc`, else `hdop` × UERE, else the default; −1 for `<fix>none</fix>`.
    /// Vertical accuracy: −1 without `<ele>` or with a `none` or `2d` fix; else `lcl:vacc`, else `vdop` × UERE,
    /// else the default. An accuracy or dilution of 0 counts as absent: no fix is exact, and `<hdop>0</hdop>` is
    /// what a receiver without a DOP wrote (issue 32).
    init(_ point: GPXPoint) {
        let uere = GPXReplay.userEquivalentRangeError
        let noFix = point.fix == GPXFix.none
        let horizontalAccuracy =
            noFix
            ? -1
            : Self.positive(point.horizontalAccuracy) ?? Self.positive(point.hdop).map { $0 * uere }
                ?? GPXReplay.defaultAccuracy
        let verticalAccuracy =
            point.elevation == nil || noFix || point.fix == .twoDimensional
            ? -1
            : Self.positive(point.verticalAccuracy) ?? Self.positive(point.vdop).map { $0 * uere }
                ?? GPXReplay.defaultAccuracy
        still = GPXReplayFix(
            latitude: point.latitude, longitude: point.longitude, altitude: point.elevation ?? 0,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, speed: -1, course: -1)
        speed = point.speed
        course = point.course
        time = point.time
    }

    /// Latitude in degrees.
    var latitude: Double { still.latitude }
    /// Longitude in degrees.
    var longitude: Double { still.longitude }

    /// The fix the point describes, with its own speed and course when it has them, else `motion`'s.
    func fix(motion: GPXReplayMotion) -> GPXReplayFix {
        var fix = still
        fix.speed = speed ?? motion.speed
        fix.course = course ?? GPXReplayMotion.course(motion.course, atLatitude: still.latitude)
        return fix
    }

    /// `value` when it is above 0, else `nil`.
    private static func positive(_ value: Double?) -> Double? {
        value.flatMap { $0 > 0 ? $0 : nil }
    }
}
