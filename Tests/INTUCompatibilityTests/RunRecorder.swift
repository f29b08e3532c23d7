// Written the way Swift apps use INTULocationManager on iOS; only `import CoreLocation` differs.
import Foundation
import INTULocationManager
import LinuxCoreLocation

/// A run recorder: every update goes into the track, whatever its accuracy; errors are counted and recording
/// goes on, as the subscription stays alive.
class RunRecorder {
    var subscriptionID: INTULocationRequestID = NSNotFound
    var track: [CLLocation] = []
    var accuracies: [INTULocationAccuracy] = []
    var problems: [INTULocationStatus] = []
    let locationManager: INTULocationManager

    init(locationManager: INTULocationManager = .sharedInstance()) {
        self.locationManager = locationManager
    }

    func start() {
        locationManager.setPausesLocationUpdatesAutomatically(false)
        locationManager.setBackgroundLocationUpdate(true)
        locationManager.setShowsBackgroundLocationIndicator(true)
        subscriptionID = locationManager.subscribeToLocationUpdates(
            withDesiredAccuracy: .house, desiredActivityType: .fitness
        ) {
            (location: CLLocation!, achievedAccuracy: INTULocationAccuracy, status: INTULocationStatus) -> Void in
            if status == .success {
                self.track.append(location)
                self.accuracies.append(achievedAccuracy)
            } else {
                self.problems.append(status)
            }
        }
    }

    func stop() {
        locationManager.cancelLocationRequest(subscriptionID)
        subscriptionID = NSNotFound
    }
}

/// Logs where the user moves, on significant changes only.
final class TravelLog {
    private(set) var places: [Double] = []
    private var id = 0

    func begin(with manager: INTULocationManager) {
        id = manager.subscribeToSignificantLocationChanges { location, _, status in
            guard status == .success, let location = location else { return }
            self.places.append(location.coordinate.latitude)
        }
    }

    func end(with manager: INTULocationManager) {
        manager.forceCompleteLocationRequest(id)  // a subscription is only cancelled
    }
}
