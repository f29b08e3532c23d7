import Foundation
import Testing

@testable import LinuxCoreLocation

/// The centre of the region the fan-out tests monitor.
let fanOutStopPoint = CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945)
/// A 100 m region around ``fanOutStopPoint``.
let fanOutStopRegion = CLCircularRegion(center: fanOutStopPoint, radius: 100, identifier: "stop")

/// A fix inside the region, `tag` metres north of its centre (so fixes differ but stay inside).
func fixNearStop(_ tag: Double, seconds: TimeInterval = 0) -> CLLocation {
    let point = Geodesic.direct(
        latitude: fanOutStopPoint.latitude, longitude: fanOutStopPoint.longitude, azimuth: 0, distance: tag)
    return CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude), altitude: 0,
        horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date(timeIntervalSince1970: seconds))
}

/// A fix 5 km east of the region (`tag` adds metres, so fixes differ).
func fixFarFromStop(_ tag: Double, seconds: TimeInterval = 0) -> CLLocation {
    let point = Geodesic.direct(
        latitude: fanOutStopPoint.latitude, longitude: fanOutStopPoint.longitude, azimuth: 90, distance: 5_000 + tag)
    return CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude), altitude: 0,
        horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date(timeIntervalSince1970: seconds))
}

/// The region events among `events`.
func regionEvents(_ events: [DelegateEvent]) -> [DelegateEvent] {
    events.filter {
        switch $0 {
        case .state, .entered, .exited: return true
        default: return false
        }
    }
}

/// A delegate that records like ``RecordingDelegate`` and runs a hook on each `didUpdateLocations`.
final class HookDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let recorder = RecordingDelegate()
    var onLocations: (CLLocationManager, [CLLocation]) -> Void = { _, _ in }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        recorder.locationManager(manager, didUpdateLocations: locations)
        onLocations(manager, locations)
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        recorder.locationManager(manager, didFailWithError: error)
    }
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        recorder.locationManager(manager, didDetermineState: state, for: region)
    }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        recorder.locationManager(manager, didEnterRegion: region)
    }
}

extension ManagerHarness {
    /// `count` managers on `queue`, each updating with a recording delegate of its own.
    func updatingManagers(_ count: Int, on queue: DispatchQueue) -> [(
        manager: CLLocationManager, delegate: RecordingDelegate
    )] {
        (0..<count).map { _ in
            let delegate = RecordingDelegate()
            let manager = CLLocationManager(configuration: configuration(queue: queue))
            manager.delegate = delegate
            queue.sync { manager.startUpdatingLocation() }
            return (manager, delegate)
        }
    }
}
