// A location tracker written the way iOS apps write it: a protocol over CLLocationManager for mocking, the
// manager extended to conform with Apple's exact member signatures, and an NSObject delegate.
#if canImport(CoreLocation)
    import CoreLocation
#else
    import LinuxCoreLocation
#endif

protocol LocationManaging: AnyObject {
    var delegate: CLLocationManagerDelegate? { get set }
    var desiredAccuracy: CLLocationAccuracy { get set }
    var distanceFilter: CLLocationDistance { get set }
    var activityType: CLActivityType { get set }
    var location: CLLocation? { get }
    var authorizationStatus: CLAuthorizationStatus { get }
    func requestWhenInUseAuthorization()
    func requestAlwaysAuthorization()
    func startUpdatingLocation()
    func stopUpdatingLocation()
    func requestLocation()
    func startMonitoring(for region: CLRegion)
    static func locationServicesEnabled() -> Bool
    static func authorizationStatus() -> CLAuthorizationStatus
    static func isMonitoringAvailable(for regionClass: AnyClass) -> Bool
}

extension CLLocationManager: LocationManaging {}

final class LegacyTracker: NSObject, CLLocationManagerDelegate {
    private let manager: LocationManaging
    private(set) var fixes: [CLLocation] = []
    private(set) var lastError: Error?
    private(set) var statusChanges = 0

    init(manager: LocationManaging = CLLocationManager()) {
        self.manager = manager
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        manager.distanceFilter = kCLDistanceFilterNone
        manager.activityType = .fitness
    }

    func start() {
        switch manager.authorizationStatus {
        case .notDetermined:
            manager.requestWhenInUseAuthorization()
        case .restricted, .denied:
            return
        case .authorizedAlways, .authorizedWhenInUse:
            break
        }
        manager.startUpdatingLocation()
    }

    func stop() {
        manager.stopUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let latest = locations.last, latest.horizontalAccuracy >= 0 else { return }
        fixes.append(latest)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        lastError = error
        if let error = error as? CLError, error.code == .denied {
            manager.stopUpdatingLocation()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        statusChanges += 1
    }
}

/// The mock an iOS test suite writes against the protocol.
final class MockLocationManager: LocationManaging {
    weak var delegate: CLLocationManagerDelegate?
    var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    var activityType: CLActivityType = .other
    var location: CLLocation?
    var authorizationStatus: CLAuthorizationStatus = .authorizedWhenInUse
    private(set) var started = 0

    func requestWhenInUseAuthorization() {}
    func requestAlwaysAuthorization() {}
    func startUpdatingLocation() { started += 1 }
    func stopUpdatingLocation() {}
    func requestLocation() {}
    func startMonitoring(for region: CLRegion) {}
    static func locationServicesEnabled() -> Bool { true }
    static func authorizationStatus() -> CLAuthorizationStatus { .authorizedWhenInUse }
    static func isMonitoringAvailable(for regionClass: AnyClass) -> Bool { true }
}
