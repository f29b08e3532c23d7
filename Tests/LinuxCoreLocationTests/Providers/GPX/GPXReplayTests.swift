import Foundation
import Testing

@testable import LinuxCoreLocation

/// A replay of `body` at factor 1 on a manual clock starting at `start`, with its log.
private func replay(
    _ body: String, start: Date = Date(timeIntervalSince1970: 5_000), loops: Bool = false,
    namespace: String = "http://www.topografix.com/GPX/1/1"
)
    throws -> (ManualClock, ReplayLocationProvider, GPXFixLog)
{
    let clock = ManualClock(start: start)
    let provider = try GPXReplay.provider(
        data: gpxDocument(body, namespace: namespace), name: "test.gpx", options: ReplayOptions(loops: loops),
        clock: clock)
    let log = GPXFixLog()
    provider.start(log.handler)
    return (clock, provider, log)
}

@Suite struct GPXReplayTests {
    @Test func timedPointsAreReachedAfterTheirTimeDifferenceWithAFixEverySecondOnTheEquator() throws {
        let (clock, provider, log) = try replay(
            "<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 10))</trkseg></trk>")
        defer { provider.stop() }
        clock.advance(by: 4.5)
        #expect(log.locations.count == 5)
        clock.advance(by: 5.499)
        #expect(log.locations.count == 10)
        clock.advance(by: 0.001)
        #expect(log.events == ["finished"])
        let fixes = log.locations
        try #require(fixes.count == 11)
        let speed = equatorialArc(0.001) / 10  // 11.13195 m/s
        for (second, fix) in fixes.enumerated() {
            #expect(fix.timestamp == clock.now.addingTimeInterval(Double(second) - 10))
            #expect(abs(fix.coordinate.longitude - 0.0001 * Double(second)) < 1e-11)
            #expect(abs(fix.coordinate.latitude) < 1e-12)
            #expect(abs(fix.speed - speed) < 1e-9)
            #expect(abs(fix.course - 90) < 1e-9)
            #expect(fix.sourceInformation?.isSimulatedBySoftware == true)
        }
    }

    @Test func positionsAlongAMeridianFollowTheGeodesic() throws {
        let (clock, provider, log) = try replay(
            "<trk><trkseg>\(gpxPoint(10, 5, at: 0))\(gpxPoint(10.01, 5, at: 4))</trkseg></trk>")
        defer { provider.stop() }
        clock.advance(by: 4)
        let fixes = log.locations
        try #require(fixes.count == 5)
        let length = Geodesic.inverse(latitude1: 10, longitude1: 5, latitude2: 10.01, longitude2: 5).distance
        #expect(abs(length - 1_106.077_983) < 1e-6)  // GeographicLib 2.1: Geodesic.WGS84.Inverse(10, 5, 10.01, 5)
        for (second, fix) in fixes.enumerated() {
            let expected = Geodesic.direct(
                latitude: 10, longitude: 5, azimuth: 0, distance: length * Double(second) / 4)
            #expect(abs(fix.coordinate.latitude - expected.latitude) < 1e-12)
            #expect(abs(fix.coordinate.longitude - 5) < 1e-12)
            #expect(abs(fix.course) < 1e-9)
            #expect(abs(fix.speed - length / 4) < 1e-9)
        }
        // Equal steps along the meridian, as CLLocation measures them.
        for (earlier, later) in zip(fixes, fixes.dropFirst()) {
            #expect(abs(later.distance(from: earlier) - length / 4) < 1e-6)
        }
    }

    @Test func theFilesSpeedAndCourseWinOverTheDerivedOnes() throws {
        let body = """
            <trk><trkseg>
            \(gpxPoint(0, 0, at: 0, "<course>45</course><speed>3.5</speed>"))\(gpxPoint(0, 0.001, at: 2))
            </trkseg></trk>
            """
        let (clock, provider, log) = try replay(body, namespace: "http://www.topografix.com/GPX/1/0")
        defer { provider.stop() }
        clock.advance(by: 2)
        let fixes = log.locations
        try #require(fixes.count == 3)
        #expect(fixes.map(\.speed)[0] == 3.5)
        #expect(fixes.map(\.course)[0] == 45)
        #expect(
            fixes[1...].allSatisfy { abs($0.speed - equatorialArc(0.001) / 2) < 1e-9 && abs($0.course - 90) < 1e-9 })
        #expect(fixes.allSatisfy { $0.speedAccuracy == -1 && $0.courseAccuracy == -1 })
    }

    @Test func aSingleWaypointIsAStaticLocation() throws {
        let (clock, provider, log) = try replay(gpxPoint(48.8584, 2.2945, element: "wpt", "<ele>35</ele>"))
        defer { provider.stop() }
        clock.advance(by: 10)
        let fix = try #require(log.locations.first)
        #expect(log.locations.count == 1)
        #expect(log.events == ["finished"])
        #expect(fix.coordinate.latitude == 48.8584 && fix.coordinate.longitude == 2.2945)
        #expect(fix.altitude == 35 && fix.verticalAccuracy == 5 && fix.horizontalAccuracy == 5)
        #expect(fix.speed == -1 && fix.course == -1)
        #expect(fix.timestamp == Date(timeIntervalSince1970: 5_000))
    }

    @Test func untimedPointsMoveAtTheDefaultSpeed() throws {
        let (clock, provider, log) = try replay(gpxPoint(0, 0, element: "wpt") + gpxPoint(0, 0.0001, element: "wpt"))
        defer { provider.stop() }
        let duration = equatorialArc(0.0001) / 1.4  // 7.951 s
        clock.advance(by: 7.9)
        #expect(log.locations.count == 8)
        clock.advance(by: 0.1)
        let fixes = log.locations
        try #require(fixes.count == 9)
        #expect(log.events == ["finished"])
        #expect(abs(fixes[8].timestamp.timeIntervalSince(fixes[0].timestamp) - duration) < 1e-6)
        #expect(fixes.allSatisfy { abs($0.speed - 1.4) < 1e-12 })
        #expect(abs(fixes[4].coordinate.longitude - 0.0001 * 4 / duration) < 1e-11)
    }

    @Test func theSentinelTimeOf1901CountsAsNoTime() throws {
        let sentinel = "<time>1901-12-13T20:45:52.2073437Z</time>"
        let body = "<trk><trkseg>\(gpxPoint(0, 0, sentinel))\(gpxPoint(0, 0.001, sentinel))</trkseg></trk>"
        let (clock, provider, log) = try replay(body)
        defer { provider.stop() }
        clock.advance(by: 100)
        let fixes = log.locations
        #expect(fixes.count == 81)  // 1 + ceil(111.32 m / 1.4 m/s = 79.51 s)
        #expect(fixes.first?.timestamp == Date(timeIntervalSince1970: 5_000))
        #expect(abs((fixes.last?.timestamp.timeIntervalSince1970 ?? 0) - 5_000 - equatorialArc(0.001) / 1.4) < 1e-6)
    }

    @Test func segmentGapsAreNotInterpolated() throws {
        let body = """
            <trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 10))</trkseg>
            <trkseg>\(gpxPoint(0, 0.002, at: 20))\(gpxPoint(0, 0.003, at: 22))</trkseg></trk>
            <trk><trkseg>\(gpxPoint(1, 0))</trkseg></trk>
            """
        let (clock, provider, log) = try replay(body)
        defer { provider.stop() }
        clock.advance(by: 30)
        let offsets = log.locations.map { $0.timestamp.timeIntervalSince1970 - 5_000 }
        #expect(offsets == Array(0...10).map(Double.init) + [20, 21, 22, 23])
        let longitudes = log.locations.map(\.coordinate.longitude)
        #expect(!longitudes.contains { $0 > 0.0011 && $0 < 0.0019 })
        // The last fix of a segment keeps the motion it arrived with; a one-point segment has none.
        #expect(abs(log.locations[10].speed - equatorialArc(0.001) / 10) < 1e-9)
        #expect(log.locations[14].speed == -1 && log.locations[14].course == -1)
    }

    @Test func repeatedTimesTakeNoTime() throws {
        let body =
            "<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 0))\(gpxPoint(0, 0.002, at: 2))</trkseg></trk>"
        let (clock, provider, log) = try replay(body)
        defer { provider.stop() }
        clock.advance(by: 5)
        #expect(log.locations.map { $0.timestamp.timeIntervalSince1970 - 5_000 } == [0, 0, 1, 2])
        #expect(log.locations[0].speed == -1)
    }

    /// An untimed copy of a timed point is that point: delivered once, with the motion of the leg that leaves it.
    ///
    /// Issue 31: the copy was delivered too, at the same time, and its zero-length leg took the timed point's speed
    /// and course away (−1).
    @Test func anUntimedCopyOfATimedPointIsDeliveredOnce() throws {
        for body in [
            "\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0))\(gpxPoint(0, 0.001, at: 2))",
            "\(gpxPoint(0, 0))\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 2))",
        ] {
            let (clock, provider, log) = try replay("<trk><trkseg>\(body)</trkseg></trk>")
            defer { provider.stop() }
            clock.advance(by: 3)
            #expect(log.locations.map { $0.timestamp.timeIntervalSince1970 - 5_000 } == [0, 1, 2])
            #expect(abs(log.locations[0].speed - equatorialArc(0.001) / 2) < 1e-9)
            #expect(abs(log.locations[0].course - 90) < 1e-9)
        }
    }

    /// At a pole the course is invalid: every direction is south.
    ///
    /// Issue 31: a replay reported 180° at exactly the North Pole while every fix approaching it said 0°.
    @Test func theCourseAtAPoleIsInvalid() throws {
        let (clock, provider, log) = try replay(
            "<trk><trkseg>\(gpxPoint(89.99995, 10, at: 0))\(gpxPoint(90, 10, at: 2))\(gpxPoint(89.99995, 100, at: 4))</trkseg></trk>"
        )
        defer { provider.stop() }
        clock.advance(by: 5)
        let courses = log.locations.map(\.course)
        try #require(courses.count == 5)
        #expect(abs(courses[0]) < 1e-6 && abs(courses[1]) < 1e-6, "approaching: north")
        #expect(courses[2] == -1, "at the pole")
        #expect(abs(courses[3] - 180) < 1e-6, "leaving: south")
    }

    @Test func loopingPlaysTheTrackAgainOneSecondAfterItsEnd() throws {
        let (clock, provider, log) = try replay(
            "<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 2))</trkseg></trk>", loops: true)
        clock.advance(by: 6.5)
        provider.stop()
        clock.advance(by: 5)
        #expect(log.locations.map { $0.timestamp.timeIntervalSince1970 - 5_000 } == [0, 1, 2, 3, 4, 5, 6])
        let longitudes = log.locations.map { ($0.coordinate.longitude * 1e4).rounded() / 1e4 }
        #expect(longitudes == [0, 0.0005, 0.001, 0, 0.0005, 0.001, 0])
        #expect(log.events.isEmpty)
        #expect(clock.pendingCount == 0)
    }

    @Test func accuraciesComeFromTheExtensionThenTheDOPsThenTheDefault() throws {
        let lcl = "<extensions><lcl:hacc>3.5</lcl:hacc><lcl:vacc>4.5</lcl:vacc></extensions>"
        let body = """
            <trk>
            <trkseg>\(gpxPoint(1, 1, "<ele>10</ele><hdop>2</hdop><vdop>3</vdop>"))</trkseg>
            <trkseg>\(gpxPoint(2, 1, "<ele>10</ele><hdop>2</hdop><vdop>3</vdop>\(lcl)"))</trkseg>
            <trkseg>\(gpxPoint(3, 1))</trkseg>
            <trkseg>\(gpxPoint(4, 1, "<ele>10</ele><fix>2d</fix>"))</trkseg>
            <trkseg>\(gpxPoint(5, 1, "<ele>10</ele><fix>none</fix>"))</trkseg>
            </trk>
            """
        let (clock, provider, log) = try replay(body)
        defer { provider.stop() }
        clock.advance(by: 10)
        let fixes = log.locations
        #expect(fixes.map(\.coordinate.latitude) == [1, 2, 3, 4, 5])
        #expect(fixes.map(\.horizontalAccuracy) == [10, 3.5, 5, 5, -1])
        #expect(fixes.map(\.verticalAccuracy) == [15, 4.5, -1, -1, -1])
        #expect(fixes.map(\.altitude) == [10, 10, 0, 10, 10])
    }

    /// Issue 32: `<hdop>0</hdop>` gave accuracy 0, a perfect fix.
    @Test func zeroAccuraciesAndDilutionsCountAsAbsent() throws {
        let zeroLCL = "<extensions><lcl:hacc>0</lcl:hacc><lcl:vacc>0</lcl:vacc></extensions>"
        let body = """
            <trk>
            <trkseg>\(gpxPoint(1, 1, "<ele>10</ele><hdop>0</hdop><vdop>0</vdop>"))</trkseg>
            <trkseg>\(gpxPoint(2, 1, "<ele>10</ele><hdop>2</hdop><vdop>3</vdop>\(zeroLCL)"))</trkseg>
            </trk>
            """
        let (clock, provider, log) = try replay(body)
        defer { provider.stop() }
        clock.advance(by: 10)
        #expect(log.locations.map(\.horizontalAccuracy) == [5, 10])
        #expect(log.locations.map(\.verticalAccuracy) == [5, 15])
    }

    @Test func fixesBetweenPointsTakeTheWorseAccuracyAndInterpolateAltitude() throws {
        let body = """
            <trk><trkseg>\(gpxPoint(0, 0, at: 0, "<ele>100</ele><hdop>1</hdop>"))
            \(gpxPoint(0, 0.001, at: 4, "<ele>200</ele><hdop>3</hdop><vdop>2</vdop>"))
            \(gpxPoint(0, 0.002, at: 6))</trkseg></trk>
            """
        let (clock, provider, log) = try replay(body)
        defer { provider.stop() }
        clock.advance(by: 6)
        let fixes = log.locations
        try #require(fixes.count == 7)
        #expect(fixes.map(\.horizontalAccuracy) == [5, 15, 15, 15, 15, 15, 5])
        #expect(fixes.map(\.verticalAccuracy) == [5, 10, 10, 10, 10, -1, -1])
        #expect(fixes[0...4].map(\.altitude) == [100, 125, 150, 175, 200])
    }

    @Test func trackPointsArePreferredToRoutePointsAndRoutePointsToWaypoints() throws {
        let waypoints = gpxPoint(1, 0, element: "wpt")
        let route = "<rte>\(gpxPoint(2, 0, element: "rtept"))\(gpxPoint(2, 0.00001, element: "rtept"))</rte>"
        let track = "<trk><trkseg>\(gpxPoint(3, 0))</trkseg></trk>"
        let (clock, provider, log) = try replay(waypoints + route + track)
        let (routeClock, routeProvider, routeLog) = try replay(waypoints + route)
        defer {
            provider.stop()
            routeProvider.stop()
        }
        clock.advance(by: 10)
        routeClock.advance(by: 10)
        #expect(log.locations.map(\.coordinate.latitude) == [3])
        #expect(routeLog.locations.map(\.coordinate.latitude) == [2, 2])
    }

    @Test func asFastAsPossibleKeepsTheFilesTimesOnTheVirtualClock() throws {
        let provider = try GPXReplay.provider(
            data: gpxDocument("<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 3))</trkseg></trk>"),
            name: "max.gpx", options: ReplayOptions(speed: .asFastAsPossible))
        let log = GPXFixLog()
        provider.start(log.handler)
        #expect(log.waitForEnd() == ["finished"])
        provider.stop()
        #expect(log.locations.map(\.timestamp) == (0...3).map { gpxEpoch.addingTimeInterval(Double($0)) })
        #expect(provider.clock.now == gpxEpoch.addingTimeInterval(3))
    }
}
