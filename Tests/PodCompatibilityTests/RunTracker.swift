// Written the way Swift apps use the CLLocationManager-blocks pod on iOS; only the import differs.
import LinuxCoreLocation
import LocationBlocks

/// A running app's tracker: its own delegate for the route, the pod's blocks for the rest.
final class RunTracker: NSObject, CLLocationManagerDelegate {
    let manager: CLLocationManager = CLLocationManager.update()
    var log: [String] = []
    var route: [CLLocation] = []

    func start() {
        manager.delegate = self
        manager.updateAccuracyFilter = 50.0
        manager.updateLocationAgeFilter = kCLLocationAgeFilterNone
        manager.didUpdateLocations { manager, locations in
            guard let locations = locations as? [CLLocation] else { return }
            self.log.append("batch \(locations.map { $0.coordinate.latitude })")
        }
        manager.didFailWithError { manager, error in
            self.log.append("didFail \((error as NSError?)?.code ?? -1)")
        }
        manager.didChangeAuthorizationStatus { manager, status in
            self.log.append("status \(status.rawValue)")
        }
        manager.locationManagerDidPauseLocationUpdates { _ in self.log.append("paused") }
        manager.startUpdatingLocation { manager, location, error, stopUpdating in
            if let location = location {
                self.log.append("fix \(location.coordinate.latitude)")
                if location.coordinate.latitude >= 3 { stopUpdating.pointee = true }
            } else {
                self.log.append("error \((error as NSError?)?.code ?? -1)")
            }
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        route += locations
    }
}
