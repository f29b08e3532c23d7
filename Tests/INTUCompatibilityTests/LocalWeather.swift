// Written the way Swift apps use INTULocationManager on iOS; only `import CoreLocation` differs.
import INTULocationManager
import LinuxCoreLocation

/// A weather screen's model: the city-level location for the forecast, asked once, waiting for the user's
/// answer before the 10 s countdown starts; a refresh replaces the request in flight.
final class LocalWeatherViewModel {
    private let locationManager: INTULocationManager
    private(set) var locationRequestID: INTULocationRequestID?
    private(set) var forecastLocation: CLLocation?
    private(set) var message = "Locating…"
    private(set) var log: [String] = []

    init(locationManager: INTULocationManager = INTULocationManager.sharedInstance()) {
        self.locationManager = locationManager
    }

    func refresh() {
        if let requestID = locationRequestID {
            locationManager.cancelLocationRequest(requestID)
        }
        locationRequestID = locationManager.requestLocation(
            withDesiredAccuracy: .city, timeout: 10.0, delayUntilAuthorized: true
        ) {
            [weak self]
            (currentLocation: CLLocation?, achievedAccuracy: INTULocationAccuracy, status: INTULocationStatus) in
            guard let self = self else { return }
            // The ID is stored before the block can run: the pod never calls it inside the request.
            self.log.append("id \(self.locationRequestID.map(String.init) ?? "nil")")
            self.locationRequestID = nil
            switch status {
            case .success:
                self.forecastLocation = currentLocation
                self.message = "Forecast for \(currentLocation?.coordinate.latitude ?? 0)"
            case .timedOut:
                self.forecastLocation = currentLocation
                self.message = "Approximate (\(achievedAccuracy.rawValue))"
            case .servicesDenied, .servicesRestricted:
                self.message = "Allow location access in Settings"
            case .servicesNotDetermined:
                self.message = "Waiting for permission"
            case .servicesDisabled:
                self.message = "Turn on Location Services"
            case .error:
                self.message = "Could not locate"
            @unknown default:
                self.message = "Unknown"
            }
            self.log.append(
                "\(status.rawValue) \(achievedAccuracy.rawValue) \(currentLocation?.coordinate.latitude ?? -1)")
        }
    }

    /// Leaving the screen: use whatever was found so far.
    func finishNow() {
        guard let requestID = locationRequestID else { return }
        locationManager.forceCompleteLocationRequest(requestID)
    }
}
