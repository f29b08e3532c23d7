import LinuxCoreLocation

// A program with an async main, as Swift concurrency shapes it (issue 31): it makes its manager after its first
// `await`, on the main actor, which libdispatch then serves from a thread other than the main thread.
// `async-main-probe main` expects callbacks there; `async-main-probe task` makes the manager in a task off the main
// actor, where none can arrive, and the library says so. Its provider and authorization come from the environment.

final class Probe: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()

    override init() {
        super.init()
        manager.delegate = self
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        print("fix \(location.coordinate.latitude),\(location.coordinate.longitude)")
        fflush(nil)
        exit(0)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        print("error \(error)")
        fflush(nil)
        exit(1)
    }
}

try await Task.sleep(nanoseconds: 10_000_000)  // the first await: from here the main actor runs on the main queue
var probe: Probe?  // a global, kept until the process ends
if CommandLine.arguments.dropFirst().first == "task" {
    // The task keeps its probe alive while it waits.
    Task.detached {
        let probe = Probe()
        try await Task.sleep(nanoseconds: 3_000_000_000)
        _ = probe
    }
} else {
    probe = Probe()
}
try await Task.sleep(nanoseconds: 3_000_000_000)
print("no callback in 3 s")
fflush(nil)
exit(2)
