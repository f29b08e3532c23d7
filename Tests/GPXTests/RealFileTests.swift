import Foundation
import GPX
import SharedTestSupport
import Testing

/// Expected figures for one real file, computed independently with Python's xml.etree
/// (namespace-aware, `float()` for coordinates, a separate ISO 8601 routine for times).
struct RealFileExpectation: Sendable, CustomStringConvertible {
    /// Latitude, longitude and Unix time (nil: no time, or the 1901 sentinel).
    typealias Fix = (latitude: Double, longitude: Double, time: Double?)

    var file: String
    var waypoints = 0
    var routes = 0
    var routePoints = 0
    var segmentSizes: [Int] = []
    var timedTrackPoints = 0
    var sentinelTimes = 0
    var name: String?
    var time: Double?
    var waypointEnds: (first: Fix, last: Fix)?
    var routePointEnds: (first: Fix, last: Fix)?
    var trackPointEnds: (first: Fix, last: Fix)?

    var description: String { file }
}

private let expectations: [RealFileExpectation] = [
    .init(
        file: "Mojstrovka.gpx", segmentSizes: [184], sentinelTimes: 184, time: 1_292_307_424,
        trackPointEnds: ((46.434981, 13.748273, nil), (46.435231, 13.748253, nil))),
    .init(
        file: "bros.gpx", waypoints: 168, name: "DeCaLiBron",
        waypointEnds: ((39.327903979, -106.129389269, nil), (39.327847593, -106.129139148, nil))),
    .init(
        file: "cerknicko-without-times.gpx", waypoints: 7, segmentSizes: [0, 173, 52, 2, 44, 2, 2, 21],
        timedTrackPoints: 5, time: 1_281_090_995,
        waypointEnds: ((45.772163216, 14.357652292, nil), (45.765583254, 14.361333288, nil)),
        trackPointEnds: ((45.772175035, 14.357659249, nil), (45.790873384, 14.304442042, 1_281_025_429))),
    .init(
        file: "garmin-activity.gpx", routes: 1, segmentSizes: [988], timedTrackPoints: 988, time: 1_501_339_595,
        trackPointEnds: (
            (37.241738168522716, -121.97232423350215, 1_501_339_595),
            (37.24044140428305, -121.9711937662214, 1_501_345_093)
        )),
    .init(
        file: "gpx1.0_with_all_fields.gpx", waypoints: 2, routes: 2, routePoints: 5, segmentSizes: [1, 0],
        timedTrackPoints: 1, name: "example name", time: 1_357_041_600,
        waypointEnds: ((12.3, 45.6, 1_357_092_180), (13.4, 46.7, nil)),
        routePointEnds: ((10.0, 20.0, 1_357_092_183), (14.0, 24.0, nil)),
        trackPointEnds: ((10.1, -20.2, 1_357_041_604), (10.1, -20.2, 1_357_041_604))),
    .init(
        file: "gpx1.1_with_all_fields.gpx", waypoints: 2, routes: 2, routePoints: 5, segmentSizes: [1, 0],
        timedTrackPoints: 1, name: "example name", time: 1_357_041_600,
        waypointEnds: ((12.3, 45.6, 1_357_092_180), (13.4, 46.7, nil)),
        routePointEnds: ((10.0, 20.0, 1_357_092_183), (14.0, 24.0, nil)),
        trackPointEnds: ((10.1, -20.2, 1_357_041_604), (10.1, -20.2, 1_357_041_604))),
    .init(
        file: "iso8859-1encoded.gpx", waypoints: 8, time: 1_375_134_181,
        waypointEnds: ((44.2805478, 20.5402796, 1375141230.453), (44.2521762, 20.6774742, 1375141320.625))),
    .init(
        file: "strava_route_example.gpx", segmentSizes: [113], name: "Afternoon Run",
        trackPointEnds: ((47.61881, -122.33706000000001, nil), (47.62445, -122.33731000000002, nil))),
    .init(
        file: "track-with-less-sec-time.gpx", segmentSizes: [2], timedTrackPoints: 2,
        trackPointEnds: ((57.011456, 9.992872, 1_449_844_993), (57.01147, 9.992874, 1449844993.994))),
    .init(
        file: "track_with_speed.gpx", segmentSizes: [3], timedTrackPoints: 3, time: 1_172_831_643,
        trackPointEnds: ((52.330848, 5.541371, 1_236_002_752), (52.331014, 5.541333, 1_236_002_765))),
    .init(
        file: "wahoo_example.gpx", segmentSizes: [3], timedTrackPoints: 3, name: "04/24/22", time: 1_650_808_473,
        trackPointEnds: ((45.45435, -121.933136, 1_650_833_673), (45.45435, -121.933136, 1_650_833_675))),
    .init(
        file: "with_accuracy.gpx", segmentSizes: [3], timedTrackPoints: 3, name: "20170412_CARDIO.gpx",
        trackPointEnds: ((51.120586, 3.779642, 1_492_016_436), (51.130122, 3.773967, 1_492_016_438))),
]

@Suite(Integration.needs(.sharedData("gpx")))
struct RealFileTests {
    @Test func allTwelveFilesAreCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SharedData.directory("gpx").path)
            .filter { $0.hasSuffix(".gpx") }.sorted()
        #expect(names == expectations.map(\.file).sorted())
        #expect(names.count == 12)
    }

    @Test(arguments: expectations)
    func counts(_ expected: RealFileExpectation) throws {
        let document = try GPXReader().readDocument(contentsOf: sharedGPX(expected.file))
        let trackPoints = document.tracks.flatMap(\.points)
        #expect(document.waypoints.count == expected.waypoints)
        #expect(document.routes.count == expected.routes)
        #expect(document.routes.flatMap(\.points).count == expected.routePoints)
        #expect(document.tracks.flatMap(\.segments).map(\.points.count) == expected.segmentSizes)
        #expect(document.summary.trackPoints == expected.segmentSizes.reduce(0, +))
        #expect(trackPoints.count(where: { $0.time != nil }) == expected.timedTrackPoints)
        #expect(document.summary.sentinelTimes == expected.sentinelTimes)
        #expect(document.summary.skippedPoints == 0)
        #expect(document.metadata.name == expected.name)
        #expect(document.metadata.time?.timeIntervalSince1970 == expected.time)
        check(document.waypoints, expected.waypointEnds)
        check(document.routes.flatMap(\.points), expected.routePointEnds)
        check(trackPoints, expected.trackPointEnds)
    }

    /// Values read off the files' text.
    @Test func fieldValues() throws {
        let speeds = try GPXDocument(contentsOf: sharedGPX("track_with_speed.gpx")).tracks.first?.points
        #expect(speeds?.map(\.speed) == [1.2, 2.2, 3.2])
        #expect(speeds?.map(\.elevation) == [48.962041, 58.166437, 53.381747])

        let accuracy = try GPXDocument(contentsOf: sharedGPX("with_accuracy.gpx"))
        let points = try #require(accuracy.tracks.first?.points)
        #expect(points.map(\.fix) == [.differential, .threeDimensional, nil])
        #expect(points.map(\.satellites) == [4, 5, nil])
        #expect(points.map(\.hdop) == [5, 3.6, nil])
        #expect(points.map(\.vdop) == [6.2, 5, nil])
        #expect(points.map(\.pdop) == [728, 619.1, nil])
        #expect(points.map(\.elevation) == [50.3, 0, nil])
        #expect(
            accuracy.summary.diagnostics.map(\.description) == [
                sharedGPX("with_accuracy.gpx").path
                    + #":36: warning: <trkpt> fix "something_not_in_the_spec" is not a fix type (none, 2d, 3d, dgps, pps); ignored"#
            ])

        let wahoo = try GPXDocument(contentsOf: sharedGPX("wahoo_example.gpx")).tracks.first?.points
        #expect(wahoo?.map(\.elevation) == [nil, nil, nil])

        let all = try GPXDocument(contentsOf: sharedGPX("gpx1.0_with_all_fields.gpx"))
        let point = try #require(all.tracks.first?.points.first)
        #expect([point.hdop, point.vdop, point.pdop, point.elevation] == [101, 102, 103, 11.1])
        #expect(point.satellites == 100)
        #expect(point.fix == .threeDimensional)
        #expect(point.name == "example name t")
        #expect(all.metadata.version == "1.0")

        let latin1 = try GPXDocument(contentsOf: sharedGPX("iso8859-1encoded.gpx"))
        #expect(latin1.metadata.version == "1.0")
        #expect(latin1.waypoints.allSatisfy { $0.time != nil && $0.elevation == nil })
    }

    private func check(
        _ points: [GPXPoint], _ ends: (first: RealFileExpectation.Fix, last: RealFileExpectation.Fix)?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let ends else {
            #expect(points.isEmpty, sourceLocation: sourceLocation)
            return
        }
        guard let first = points.first, let last = points.last else {
            Issue.record("no points", sourceLocation: sourceLocation)
            return
        }
        for (point, fix) in [(first, ends.first), (last, ends.last)] {
            #expect(point.latitude == fix.latitude, sourceLocation: sourceLocation)
            #expect(point.longitude == fix.longitude, sourceLocation: sourceLocation)
            #expect(
                point.time.map { abs($0.timeIntervalSince1970 - (fix.time ?? .nan)) < 1e-6 } ?? (fix.time == nil),
                sourceLocation: sourceLocation)
        }
    }
}

/// A file of `../shared/data/gpx`.
private func sharedGPX(_ name: String) -> URL { SharedData.directory("gpx").appendingPathComponent(name) }
