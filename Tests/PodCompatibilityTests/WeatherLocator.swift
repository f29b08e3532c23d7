// Written the way Swift apps use the CLLocationManager-blocks pod on iOS; only the import differs.
import LinuxCoreLocation
import LocationBlocks

/// A weather app's locator: one good fix for the forecast, then stop.
final class WeatherLocator: NSObject {
    lazy var locationManager: CLLocationManager = CLLocationManager.update(
        withAccuracy: kCLLocationAccuracyHundredMeters, locationAge: 15.0, authorizationDesciption: .whenInUse)

    private(set) var forecastLocations: [CLLocation] = []
    private(set) var failures: [Error] = []

    func currentLocation(callback: @escaping (CLLocation?, Error?) -> Void) {
        guard CLLocationManager.isLocationUpdatesAvailable() else {
            callback(nil, CLError(.denied))
            return
        }
        locationManager.startUpdatingLocation(update: {
            (
                manager: CLLocationManager?, location: CLLocation?, error: Error?,
                stopUpdating: UnsafeMutablePointer<ObjCBool>
            ) -> Void in
            if let location = location {
                self.forecastLocations.append(location)
                stopUpdating.pointee = true
                callback(location, nil)
            } else if let error = error {
                self.failures.append(error)
                callback(nil, error)
            }
        })
    }
}
