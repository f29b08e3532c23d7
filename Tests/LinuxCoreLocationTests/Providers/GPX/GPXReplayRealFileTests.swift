import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Fixes each file yields at `?speed=max`, computed independently of this code (Python: xml.etree to read the
/// points, GeographicLib 2.1 `Geodesic.WGS84.Inverse` for leg lengths; see
/// Docs/LinuxCoreLocation.docc/GPXReplayAndRecording.md): per non-empty segment, 1 for its first point plus, per leg of
/// duration d (the time difference when both ends are timed, else length / 1.4 m/s), ceil(d) − 1 fixes between and 1 at
/// its end.
private let expectedFixCounts: [(file: String, fixes: Int)] = [
    ("Mojstrovka.gpx", 2026),  // 184 trkpt, all with the 1901 sentinel time: walked at 1.4 m/s
    ("bros.gpx", 7603),  // 168 untimed wpt
    ("cerknicko-without-times.gpx", 3435),  // 7 segments with points; 5 of 296 trkpt timed; wpt ignored
    ("garmin-activity.gpx", 5499),  // 988 trkpt from 15:53:15 to 17:24:53: 1 + 5498 s
    ("gpx1.0_with_all_fields.gpx", 1),  // one trkpt (preferred to the 5 rtept and 2 wpt)
    ("gpx1.1_with_all_fields.gpx", 1),
    ("iso8859-1encoded.gpx", 95),  // 8 timed wpt with fractional seconds
    ("strava_route_example.gpx", 3290),  // 113 untimed trkpt
    ("track-with-less-sec-time.gpx", 2),  // 0.994 s apart: nothing between
    ("track_with_speed.gpx", 14),  // 13 s
    ("wahoo_example.gpx", 3),  // 2 s, standing still
    ("with_accuracy.gpx", 3),  // 2 s
]

@Suite(Integration.needs(.sharedData("gpx")), .serialized)
struct GPXReplayRealFileTests {
    @Test func theTwelveFilesAreTheOnesExpected() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SharedData.directory("gpx").path)
            .filter { $0.hasSuffix(".gpx") }.sorted()
        #expect(names == expectedFixCounts.map(\.file).sorted())
    }

    @Test(arguments: expectedFixCounts)
    func replaysThroughALocationManagerAtMaximumSpeed(_ file: String, fixes expected: Int) async throws {
        let path = SharedData.directory("gpx").appendingPathComponent(file).path
        let provider = try LocationProviders.provider(for: "gpx:\(path)?speed=max")
        let delegate = RecordingDelegate()
        let queue = DispatchQueue(label: "GPXReplayRealFileTests")
        let manager = CLLocationManager(
            configuration: LocationManagerConfiguration(
                provider: provider, authorization: LocationAuthorization(status: .authorizedWhenInUse, policy: .grant),
                callbackQueue: queue))
        queue.sync {
            manager.delegate = delegate
            manager.startUpdatingLocation()
        }
        #expect(await offThePool { delegate.wait(timeout: 60) { $0.contains(.providerFinished) } })
        queue.sync { manager.stopUpdatingLocation() }
        let events = delegate.serviceEvents
        #expect(!events.contains { if case .error = $0 { return true } else { return false } })
        let count = events.reduce(0) { if case .locations(let latitudes) = $1 { $0 + latitudes.count } else { $0 } }
        #expect(count == expected)
        let location = try #require(queue.sync { manager.location })
        #expect(manager.clock.now == location.timestamp)
    }
}
