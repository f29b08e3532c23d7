import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// GPX points dated outside ``FixTime``'s range are skipped and counted at the provider (issue 16, finding 6: a point
/// after the year 9999 reached JSON Lines as `"timestamp":null`, one dated 5000 CoreLocationCLI's `time` as
/// `<description unavailable>`, and `--format gpx` wrote a line per fix).
@Suite struct GPXReplayTimeRangeTests {
    private func point(_ longitude: Double, _ time: String) -> String {
        "<trkpt lat=\"0\" lon=\"\(longitude)\"><time>\(time)</time></trkpt>"
    }

    @Test func pointsOutOfRangeAreSkippedCountedAndAnnouncedOncePerCause() throws {
        let body =
            "<trk><trkseg>" + point(0, "2024-01-01T00:00:00Z") + point(0.00001, "9000-06-01T00:00:00Z")
            + point(0.00002, "2024-01-01T00:00:02Z") + point(0.00003, "1975-01-01T00:00:00Z")
            + point(0.00004, "4001-01-01T00:00:01Z") + point(0.00005, "2024-01-01T00:00:04Z") + "</trkseg></trk>"
        let announced = Locked<[String]>([])
        let source = GPXReplaySource(input: .data(gpxDocument(body), name: "t.gpx"), defaultSpeed: 1.4) { line in
            announced.withLock { $0.append(line) }
        }
        var offsets: [Double] = []
        while let item = try source.next() { offsets.append(item.time.timeIntervalSince(gpxEpoch)) }
        // The good points and the fixes between them, a second apart: the year-9000 point held nothing back.
        #expect(offsets == [0, 1, 2, 3, 4])
        #expect(source.skipped.total == 3)
        #expect(
            announced.withLock { $0 } == [
                "t.gpx: fix skipped: time 221858438400.0 s since 1970 is after the year 4000 (further fixes skipped "
                    + "for this reason are counted, not shown)",
                "t.gpx: fix skipped: time 1975-01-01T00:00:00Z is before 1980 (further fixes skipped for this "
                    + "reason are counted, not shown)",
                "t.gpx: 3 fixes skipped: time after the year 4000 (2), time before 1980 (1)",
            ])
    }

    /// A tester's: a loop repeated the reader's warning and the skipped-fix summary at every pass, the count
    /// growing, and read passes ahead of the last fix written (`--count 8` printed up to 53 lines).
    @Test func aLoopSaysWhatItSkippedOnceNotAtEveryPass() throws {
        let body =
            "<trk><trkseg>" + point(0, "1975-01-01T00:00:00Z") + point(0.00001, "1976-01-01T00:00:00Z")
            + "<trkpt lat=\"0\" lon=\"0.00002\"><ele>high</ele><time>2024-01-01T00:00:00Z</time></trkpt>"
            + point(0.00003, "2024-01-01T00:00:02Z") + "</trkseg></trk>"
        let announced = Locked<[String]>([])
        let source = GPXReplaySource(input: .data(gpxDocument(body), name: "loop.gpx"), defaultSpeed: 1.4) { line in
            announced.withLock { $0.append(line) }
        }
        var fixes = 0
        for _ in 0..<3 {
            while try source.next() != nil { fixes += 1 }
            try source.rewind()
        }
        #expect(fixes == 9)
        #expect(source.skipped.total == 6)
        let lines = announced.withLock { $0 }
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.hasPrefix("loop.gpx: fix skipped: time 1975-01-01T00:00:00Z is before 1980") == true)
        #expect(lines.contains("loop.gpx: 2 fixes skipped: time before 1980"))
        #expect(lines.contains { $0.hasPrefix("loop.gpx: warning: ") && $0.contains("dropped 1 invalid value") })
    }

    /// A `<time>` that goes back is said once, and counted at the end when there are more; a loop says nothing again.
    ///
    /// The trial of the tool: such points were re-stamped without a word.
    @Test func timesThatGoBackAreAnnouncedOnceAndCounted() throws {
        let body =
            "<trk><trkseg>" + point(0, "2024-01-01T00:00:00Z") + point(0.00001, "2024-01-01T00:00:02Z")
            + point(0.00002, "2024-01-01T00:00:01Z") + point(0.00003, "2024-01-01T00:00:04Z")
            + point(0.00004, "2024-01-01T00:00:03Z") + point(0.00005, "2024-01-01T00:00:03Z") + "</trkseg></trk>"
        let announced = Locked<[String]>([])
        let source = GPXReplaySource(input: .data(gpxDocument(body), name: "back.gpx"), defaultSpeed: 1.4) { line in
            announced.withLock { $0.append(line) }
        }
        for _ in 0..<2 {
            var offsets: [Double] = []
            while let item = try source.next() { offsets.append(item.time.timeIntervalSince(gpxEpoch)) }
            #expect(offsets == [0, 1, 2, 2, 3, 4, 4, 4])
            try source.rewind()
        }
        #expect(
            announced.withLock { $0 } == [
                "back.gpx: warning: a <time> goes back (2024-01-01T00:00:01Z after 2024-01-01T00:00:02Z): the point "
                    + "is replayed at the time of the one before it, as any later one that goes back is",
                "back.gpx: warning: 3 points whose <time> went back were replayed at the time of the point before them",
            ])
    }

    @Test func aDocumentWhosePointsAreAllOutOfRangeReplaysNothing() throws {
        let body =
            "<trk><trkseg>" + point(0, "9000-01-01T00:00:00Z") + point(0.1, "5000-01-01T00:00:00Z")
            + "</trkseg></trk>"
        let source = GPXReplaySource(input: .data(gpxDocument(body), name: "far.gpx"), defaultSpeed: 1.4) { _ in }
        #expect(try source.next() == nil)
        #expect(source.skipped.total == 2)
    }
}
