import LinuxCoreLocation  // or CoreLocation on Apple's platforms

// README.md's "Your first location manager", unchanged but for the top-level lines that start it (see
// ReadmeTrackerTests): compiled here so that the README cannot go stale, and in Swift 6 mode, where
// `fflush(stdout)` does not compile ("reference to var 'stdout' is not concurrency-safe") and `fflush(nil)` does.

final class Tracker: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()

    func start() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        print(locations.last!)
        fflush(nil)  // print is buffered when standard output is a pipe or a file: write the line now
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        print("error:", error)
        fflush(nil)
    }
}
