import Foundation
import LinuxCoreLocation

/// The full pipeline with a delegate: `nmea:FILE?speed=max` → replay provider → `CLLocationManager` →
/// `didUpdateLocations` on a serial callback queue.
func measurePipelineDelegate(_ input: BenchInput) -> Measurement {
    measureReplay(
        input, name: "pipeline, delegate",
        start: { configuration, delegate in
            let manager = CLLocationManager(configuration: configuration)
            manager.delegate = delegate
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation()
            return manager
        }, counts: true, count: { $0.locations })
}
