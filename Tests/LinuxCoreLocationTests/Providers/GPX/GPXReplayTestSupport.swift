import Foundation

@testable import LinuxCoreLocation

/// Collects the fixes and other events a replay provider hands the hub, keeping the `CLLocation`s themselves
/// (``EventLog`` keeps text).
final class GPXFixLog: @unchecked Sendable {
    private let lock = NSLock()
    private var fixes: [CLLocation] = []
    private var others: [String] = []
    private let arrived = DispatchSemaphore(value: 0)

    func handler(_ event: LocationProviderEvent) {
        lock.withLock {
            switch event {
            case .locations(let locations): fixes += locations
            case .failed(let error): others.append("failed(\(error.code))")
            case .finished: others.append("finished")
            case .fixLost: others.append("lost")
            case .heading: others.append("heading")
            }
        }
        arrived.signal()
    }

    var locations: [CLLocation] { lock.withLock { fixes } }
    var events: [String] { lock.withLock { others } }

    /// Waits, in real time, for a terminal event (`finished` or `failed`) from a replay on another thread.
    @discardableResult
    func waitForEnd(timeout: TimeInterval = 20) -> [String] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while events.isEmpty, arrived.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success {}
        return events
    }
}

/// A GPX 1.1 document with the given body (waypoints, routes, tracks).
func gpxDocument(_ body: String, namespace: String = "http://www.topografix.com/GPX/1/1") -> Data {
    Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="\(namespace)" xmlns:lcl="https://github.com/LinuxCoreLocation/gpx/1">
        \(body)
        </gpx>
        """.utf8)
}

/// `<trkpt>` (or another point element) at a position, with optional time (seconds after 2024-01-01T00:00:00Z)
/// and extra children.
func gpxPoint(
    _ latitude: Double, _ longitude: Double, at seconds: Int? = nil, element: String = "trkpt",
    _ children: String = ""
) -> String {
    let time =
        seconds.map {
            "<time>\(ISO8601DateFormatter().string(from: gpxEpoch.addingTimeInterval(TimeInterval($0))))</time>"
        } ?? ""
    return "<\(element) lat=\"\(latitude)\" lon=\"\(longitude)\">\(time)\(children)</\(element)>"
}

/// 2024-01-01T00:00:00Z, the origin of ``gpxPoint(_:_:at:element:_:)`` times.
let gpxEpoch = Date(timeIntervalSince1970: 1_704_067_200)

/// The distance in metres between two points on the equator `degrees` of longitude apart: an arc of the
/// equatorial circle of radius a = 6,378,137 m (WGS-84), which is the geodesic for arcs under 179°.
func equatorialArc(_ degrees: Double) -> Double {
    6_378_137 * degrees * Double.pi / 180
}
