import Foundation
import LinuxCoreLocation

/// The fixes of a plot, gathered one at a time in memory that does not grow with the track (issue 30: `plot` kept
/// every fix of a log, 119 MB for 100 MB of NMEA).
///
/// Up to `limit` fixes (10,000 by default) every fix is kept and the picture is drawn from all of them. Beyond
/// that the track is thinned (``TrackThinning``) on a grid of square cells, in degrees of latitude (longitude scaled
/// by the cosine of the first fix's latitude). The cells start at 1/4096 of the extent of the fixes so far, finer
/// than the picture's pixels; whenever more than `limit` fixes are kept, the cells double until at most half of
/// `limit` remain (or a cell spans the globe). The counts, the length and the first and last time stamps are those of
/// every fix.
struct TrackPlotAccumulator {
    /// Every fix added.
    private(set) var fixCount = 0
    /// The fixes added as accepted by the filters.
    private(set) var acceptedCount = 0
    /// The earliest and latest time stamps of all fixes (`Date.distantPast`, no time, left out).
    private(set) var timeRange: (first: Date, last: Date)?
    /// The side of a cell in degrees once the track is thinned; `nil` while every fix is kept.
    private(set) var cell: Double?
    /// The most fixes kept before thinning, and the threshold of thinning again.
    let limit: Int
    /// Every fix, until the track is thinned.
    private var all: [TrackPlot.Point] = []
    private var thinning: TrackThinning?
    private var cosine = 1.0
    private var startsSegment = true
    /// The last accepted fix of the current segment.
    private var lastAccepted: CLLocation?

    /// An accumulator that keeps every fix up to `limit` fixes.
    init(limit: Int = 10_000) {
        self.limit = max(limit, 2)
    }

    /// The fixes kept by segment, in order; no segment is empty.
    var segments: [[TrackPlot.Point]] {
        var finished = thinning
        let points = finished?.finished() ?? all
        var segments: [[TrackPlot.Point]] = []
        for point in points {
            if point.startsSegment || segments.isEmpty { segments.append([]) }
            segments[segments.count - 1].append(point)
        }
        return segments
    }

    /// Makes the next fix start a segment of its own (no path joins it to the fix before).
    mutating func startSegment() {
        startsSegment = true
    }

    /// Adds the next fix, accepted by the filters or not.
    mutating func add(_ location: CLLocation, accepted: Bool) {
        fixCount += 1
        if accepted { acceptedCount += 1 }
        let time = location.timestamp
        if time != .distantPast {
            timeRange = timeRange.map { (min($0.first, time), max($0.last, time)) } ?? (time, time)
        }
        var point = TrackPlot.Point(location: location, accepted: accepted)
        if startsSegment {
            (point.startsSegment, point.startsStroke) = (true, true)
            lastAccepted = nil
            startsSegment = false
        }
        if accepted {
            if let lastAccepted { point.pathLengthBefore = location.distance(from: lastAccepted) }
            lastAccepted = location
        }
        if thinning == nil {
            all.append(point)
            if all.count > limit { thin(all) }
        } else {
            thinning?.feed(point)
            if let kept = thinning?.kept, kept.count > limit, canThinFurther { thin(kept) }
        }
    }

    /// Thins `points` on cells twice as large as before, as often as needed to keep at most half of `limit`.
    private mutating func thin(_ points: [TrackPlot.Point]) {
        var points = points
        if var current = thinning {
            points = current.finished()
        } else {
            all = []
            cosine = cos((points.first?.location.coordinate.latitude ?? 0) * .pi / 180)
            let xs = points.map { $0.location.coordinate.longitude * cosine }
            let ys = points.map(\.location.coordinate.latitude)
            let span = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
            // A millionth of a degree is 11 cm: a receiver that never moves still gets cells.
            cell = max(span, 1e-6) / 4096 / 2
        }
        repeat {
            let (cosine, side) = (cosine, (cell ?? 1e-6) * 2)
            cell = side
            var thinner = TrackThinning { point in
                let coordinate = point.location.coordinate
                return SIMD2(
                    Self.cellIndex(coordinate.longitude * cosine / side), Self.cellIndex(coordinate.latitude / side))
            }
            for point in points { thinner.feed(point) }
            thinning = thinner
            points = thinner.kept
        } while points.count > limit / 2 && canThinFurther
    }

    /// Whether a cell is still smaller than the globe: larger ones cannot merge more fixes.
    ///
    /// Only the first fixes of
    /// segments are left then, all kept (more than `limit` only for a GPX file of that many segments, which is in
    /// memory anyway).
    private var canThinFurther: Bool { (cell ?? 0) < 720 }

    /// The whole number at or below `value`, within ±10¹⁵ (0 for a value that is not finite).
    static func cellIndex(_ value: Double) -> Int {
        value.isFinite ? Int(max(-1e15, min(1e15, value.rounded(.down)))) : 0
    }
}
