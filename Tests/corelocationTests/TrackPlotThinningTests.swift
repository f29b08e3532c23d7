import Foundation
import LinuxCoreLocation
import Testing

@testable import corelocation

/// `plot` keeps memory that does not grow with the track (issue 30): beyond 10,000 fixes it keeps only the fixes
/// that change the picture, while the counts, length and duration stay those of every fix.
@Suite struct TrackPlotThinningTests {
    /// A fix `east` metres east of 45° N, 4.8° E, `second` seconds after 2026-01-01, known to `accuracy` metres.
    static func fix(east: Double, second: Int, accuracy: Double = 5) -> CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 45, longitude: 4.8 + east / 78_847), altitude: 0,
            horizontalAccuracy: accuracy, verticalAccuracy: -1,
            timestamp: Date(timeIntervalSince1970: 1_767_225_600 + Double(second)))
    }

    /// The sum of the distances between consecutive fixes, as `plot` measures a track.
    static func length(_ locations: [CLLocation]) -> Double {
        zip(locations, locations.dropFirst()).reduce(0) { $0 + $1.1.distance(from: $1.0) }
    }

    /// A walk 2 km east and back, 50 times: 50,000 fixes over the same ground.
    @Test func aTrackOverTheSameGroundKeepsFewFixesAndItsExactTotals() {
        var accumulator = TrackPlotAccumulator()
        var (previous, metres, second) = (nil as CLLocation?, 0.0, 0)
        for lap in 0..<50 {
            for step in 0..<1_000 {
                let east = Double(lap % 2 == 0 ? step : 1_000 - step) * 2
                let location = Self.fix(east: east, second: second)
                if let previous { metres += location.distance(from: previous) }
                accumulator.add(location, accepted: true)
                (previous, second) = (location, second + 1)
            }
        }
        let kept = accumulator.segments.joined()
        #expect(accumulator.fixCount == 50_000)
        #expect(accumulator.acceptedCount == 50_000)
        // About a lap's fixes (1,002 when written), however many laps: going over the same ground keeps nothing.
        #expect(kept.count <= 2_000)
        #expect(kept.reduce(0) { $0 + $1.weight } == 50_000)
        let plot = TrackPlot(accumulator, title: "laps")
        // 50 laps of 1,998 m and 49 turns of 2 m, summed over every fix.
        #expect(abs(metres - 99_998) < 1)
        #expect(abs(kept.reduce(0) { $0 + $1.pathLengthBefore } - metres) < 1e-6 * metres)
        #expect(plot.summary == "\(TrackPlot.distance(metres)) in 13 h 53 min")
        let svg = plot.svg()
        #expect(svg.contains("accepted 50000"))
        #expect(svg.utf8.count < 200_000)
    }

    /// Below the limit every fix is kept, as it was before thinning existed.
    @Test func aShortTrackKeepsEveryFix() {
        var accumulator = TrackPlotAccumulator()
        for index in 0..<10_000 { accumulator.add(Self.fix(east: Double(index % 7), second: index), accepted: true) }
        #expect(accumulator.cell == nil)
        #expect(accumulator.segments.joined().count == 10_000)
        accumulator.add(Self.fix(east: 0, second: 10_000), accepted: true)
        #expect(accumulator.cell != nil)
        #expect(accumulator.segments.joined().count <= 5_000)
    }

    /// A thinned track keeps its first and last fix (the start and end markers), every segment, the fixes the
    /// filters rejected, and a wild fix off scale.
    @Test func aThinnedTrackKeepsItsEndsSegmentsRejectedAndWildFixes() throws {
        var accumulator = TrackPlotAccumulator(limit: 100)
        var all: [CLLocation] = []
        for segment in 0..<3 {
            accumulator.startSegment()
            for index in 0..<1_000 {
                let second = segment * 1_000 + index
                // A wild fix 30 km east in the middle; every 250th fix rejected by the filters.
                let location = Self.fix(east: second == 1_501 ? 30_000 : Double(index), second: second)
                accumulator.add(location, accepted: index % 250 != 0)
                all.append(location)
            }
        }
        let segments = accumulator.segments
        #expect(segments.count == 3)
        #expect(segments.joined().count <= 100)
        #expect(segments.first?.first?.location === all.first)
        #expect(segments.last?.last?.location === all.last)
        #expect(segments.joined().filter { !$0.accepted }.reduce(0) { $0 + $1.weight } == 12)
        let plot = TrackPlot(accumulator, title: "three")
        #expect(plot.offScaleCount == 1)
        #expect(plot.fixCount == 3_000 && plot.acceptedCount == 2_988)
        let svg = plot.svg()
        #expect(svg.contains("filtered 12"))
        #expect(svg.contains("off scale, at the edge: 1 fix "))
        #expect(try #require(plot.ends).end.location === all.last)
    }

    /// Segments are never merged: more one-fix segments than the limit are all kept, and thinning ends (it
    /// looped for ever when cells could grow without end).
    @Test func moreSegmentsThanTheLimitAreKept() {
        var accumulator = TrackPlotAccumulator(limit: 100)
        for index in 0..<300 {
            accumulator.startSegment()
            accumulator.add(Self.fix(east: Double(index), second: index), accepted: true)
        }
        #expect(accumulator.segments.count == 300)
        #expect(accumulator.cell.map { $0 >= 720 } == true)
    }

    /// The tool says how many fixes it drew from, however many it kept.
    @Test func theToolCountsEveryFixOfALongLog() async throws {
        let log = try TemporaryFile.nmeaLog(count: 12_000)
        let run = try await Tool.run(["plot", log.url.path, "-o", "-"])
        #expect(run.status == 0)
        #expect(run.output.contains(">accepted 12000</text>"))
        #expect(run.output.components(separatedBy: "<circle class=\"fix accepted\"").count < 2_000)
    }
}
