import Foundation
import Testing

@testable import LinuxCoreLocation

/// The fixes of a replay of `body` at `speed=max`, which keeps the planned times.
private func replayAtMaximumSpeed(_ body: String) throws -> [CLLocation] {
    let provider = try GPXReplay.provider(
        data: gpxDocument(body), name: "timing.gpx", options: ReplayOptions(speed: .asFastAsPossible))
    let log = GPXFixLog()
    provider.start(log.handler)
    defer { provider.stop() }
    #expect(log.waitForEnd() == ["finished"])
    return log.locations
}

/// Seconds after ``gpxEpoch``, to the microsecond.
private func offsets(_ fixes: [CLLocation]) -> [Double] {
    microseconds(fixes.map { $0.timestamp.timeIntervalSince(gpxEpoch) })
}

private func microseconds(_ seconds: [Double]) -> [Double] {
    seconds.map { ($0 * 1e6).rounded() / 1e6 }
}

/// Timed points keep their own times whatever points without a time stand around them (issue 18: when the first
/// point of a segment had no `<time>`, the timed points after it were re-timed from the replay's start).
@Suite struct GPXReplayTimingTests {
    /// 0.0001° of longitude on the equator: 11.132 m, 7.951 s at 1.4 m/s.
    private let untimedLeg = equatorialArc(0.0001) / 1.4

    @Test func timedPointsAfterAnUntimedFirstPointKeepTheirTimes() throws {
        let fixes = try replayAtMaximumSpeed(
            "<trk><trkseg>\(gpxPoint(0, -0.0001))\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 10))</trkseg></trk>")
        // The untimed point arrives at the first timed one at 1.4 m/s: it starts 7.951 s before it.
        let first = -untimedLeg
        #expect(
            offsets(fixes) == microseconds([first] + (1...7).map { first + Double($0) } + (0...10).map(Double.init)))
        #expect(fixes.first?.coordinate.longitude == -0.0001)
        #expect(fixes.map(\.coordinate.longitude)[8...].map { ($0 * 1e4).rounded() } == (0...10).map(Double.init))
        #expect(fixes[0..<8].allSatisfy { abs($0.speed - 1.4) < 1e-9 })
    }

    @Test func untimedPointsBetweenTimedOnesAreInterpolatedAlongThePath() throws {
        let fixes = try replayAtMaximumSpeed(
            "<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.0005))\(gpxPoint(0, 0.001, at: 10))</trkseg></trk>")
        // Halfway along the path, so halfway in time: one walk at constant speed, a fix every second.
        #expect(offsets(fixes) == (0...10).map(Double.init))
        let longitudes = fixes.map { ($0.coordinate.longitude * 1e9).rounded() }
        #expect(longitudes == (0...10).map { Double($0) * 1e5 })
        let speed = equatorialArc(0.001) / 10
        #expect(fixes.dropLast().allSatisfy { abs($0.speed - speed) < 1e-6 })
    }

    @Test func untimedPointsAfterTheLastTimedOneWalkOn() throws {
        let fixes = try replayAtMaximumSpeed(
            "<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.0001, at: 2))\(gpxPoint(0, 0.0002))</trkseg></trk>")
        #expect(offsets(fixes) == microseconds([0, 1, 2] + (1...7).map { 2 + Double($0) } + [2 + untimedLeg]))
    }

    @Test func aTimeOutOfOrderIsReachedAtOnceAndLaterTimesAreKept() throws {
        let body = """
            <trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.0001, at: 2))\(gpxPoint(0, 0.0002, at: 1))\
            \(gpxPoint(0, 0.0003, at: 4))</trkseg></trk>
            """
        let fixes = try replayAtMaximumSpeed(body)
        #expect(offsets(fixes) == [0, 1, 2, 2, 3, 4])
        #expect(fixes[2].speed == -1, "the leg to the point out of order takes no time")
    }

    @Test func aSegmentStartingUntimedIsAnchoredOnItsFirstTimedPoint() throws {
        let body = """
            <trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.0001, at: 1))</trkseg>
            <trkseg>\(gpxPoint(1, -0.0001))\(gpxPoint(1, 0, at: 100))\(gpxPoint(1, 0.0001, at: 101))</trkseg></trk>
            """
        let fixes = try replayAtMaximumSpeed(body)
        let walk = Geodesic.inverse(latitude1: 1, longitude1: -0.0001, latitude2: 1, longitude2: 0).distance / 1.4
        let start = 100 - walk
        #expect(
            offsets(fixes) == microseconds([0, 1, start] + (1...Int(walk)).map { start + Double($0) } + [100, 101]))
    }

    @Test func anUntimedTrackBeforeATimedOneEndsWhereTheTimedOneBegins() throws {
        // The first point has no time and no metadata time is given: the untimed segment is placed so that, at
        // 1.4 m/s and 1 s across the boundary, the replay reaches the first timed point at its time.
        let body = """
            <trk><trkseg>\(gpxPoint(0, 0))\(gpxPoint(0, 0.0001))</trkseg></trk>
            <trk><trkseg>\(gpxPoint(0, 0.0002, at: 50))\(gpxPoint(0, 0.0003, at: 51))</trkseg></trk>
            """
        let fixes = try replayAtMaximumSpeed(body)
        let start = 50 - 1 - untimedLeg
        #expect(offsets(fixes) == microseconds([start] + (1...7).map { start + Double($0) } + [49, 50, 51]))
    }
}
