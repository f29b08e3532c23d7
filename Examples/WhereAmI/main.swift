import LinuxCoreLocation
import LocationBlocks

/// Prints where we are twice: with a one-shot request and with an async sequence.
func whereAmI() async throws {
    let configuration = LocationManagerConfiguration(
        provider: try LocationProviders.provider(for: "fixed:48.8584,2.2945,8"),
        authorization: LocationAuthorization(status: .authorizedWhenInUse))

    // One fix at house level (15 m, 15 s), waiting at most 10 s.
    let center = LocationRequestCenter(configuration: configuration)
    let result = await withCheckedContinuation { continuation in
        center.requestLocation(accuracy: .house, timeout: 10) { continuation.resume(returning: $0) }
    }
    print("request: \(result.status) \(result.location?.coordinate.latitude ?? .nan)")

    // An async sequence: ending the loop stops the service, and the provider when nothing else needs it.
    let streams = LocationStreams(configuration: configuration)
    for await fix in streams.locations(accuracyFilter: 50, ageFilter: 15) {
        print("stream: \(fix.coordinate.latitude),\(fix.coordinate.longitude) ±\(fix.horizontalAccuracy) m")
        break
    }
    fflush(nil)  // print is buffered when standard output is a pipe or a file
}

/// Blocks on a manager: the first fix within 50 m and 15 s, then stop.
final class FirstFix {
    let manager: CLLocationManager

    init(configuration: LocationManagerConfiguration, done: @escaping (CLLocation) -> Void) {
        manager = CLLocationManager.update(
            withAccuracy: 50, locationAge: 15, authorizationDesciption: .whenInUse, configuration: configuration)
        manager.startUpdatingLocation { _, location, error, stop in
            guard let location else {
                print("no fix yet:", error.map { "\($0)" } ?? "unknown error")
                return
            }
            stop?.pointee = true  // no more updates after this one
            done(location)
        }
    }
}

// The blocks run on the run loop of the thread that made the manager: made here, on the main thread, they need
// RunLoop.main.run(), which an async main.swift cannot call; so the async part runs in a task.
let firstFix = FirstFix(
    configuration: LocationManagerConfiguration(
        provider: try LocationProviders.provider(for: "fixed:48.8584,2.2945,9"),
        authorization: LocationAuthorization(status: .authorizedWhenInUse))
) { fix in
    print("block: \(fix.coordinate.latitude),\(fix.coordinate.longitude) ±\(fix.horizontalAccuracy) m")
    fflush(nil)
    Task {
        try await whereAmI()
        exit(0)
    }
}
RunLoop.main.run()
