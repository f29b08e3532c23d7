import LinuxCoreLocation  // or CoreLocation on Apple's platforms

final class Tracker: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    private var fixes = 0

    func start() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            print(location)
            fixes += 1
        }
        fflush(nil)  // print is buffered when standard output is a pipe or a file: write the lines now
        if fixes >= 5 {  // enough: stop the updates, then end the program (RunLoop.main.run() never returns)
            manager.stopUpdatingLocation()
            exit(0)
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        print("error:", error)
        fflush(nil)
        if (error as? CLError)?.code == .denied { exit(1) }  // no fix will come
    }
}

let tracker = Tracker()
tracker.start()
RunLoop.main.run()  // callbacks arrive on the thread that created the manager
