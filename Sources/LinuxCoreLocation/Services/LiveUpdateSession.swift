import Dispatch
import Foundation

/// The updates behind one iterator of ``CLLocationUpdate/Updates``: a manager with standard updates and
/// automatic pauses for the live configuration's activity, whose callbacks feed a stream.
///
/// Stops the manager when the iterator releases it or when the task awaiting an update is cancelled.
final class LiveUpdateSession: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let stream: AsyncStream<CLLocationUpdate>
    private let continuation: AsyncStream<CLLocationUpdate>.Continuation
    private let manager: CLLocationManager

    init(live: CLLocationUpdate.LiveConfiguration, configuration: LocationManagerConfiguration) {
        var configuration = configuration
        if configuration.callbackQueue == nil {
            configuration.callbackQueue = DispatchQueue(label: "LinuxCoreLocation.CLLocationUpdate")
        }
        (stream, continuation) = AsyncStream.makeStream(of: CLLocationUpdate.self)
        manager = CLLocationManager(configuration: configuration)
        super.init()
        manager.activityType = live.activityType
        manager.pausesLocationUpdatesAutomatically = true
        manager.delegate = self
        let manager = UncheckedSendableManager(manager)
        continuation.onTermination = { _ in manager.value.stopUpdatingLocation() }
        manager.value.startUpdatingLocation()
    }

    deinit {
        manager.stopUpdatingLocation()
        continuation.finish()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations { continuation.yield(CLLocationUpdate(location: location, isStationary: false)) }
    }

    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        continuation.yield(CLLocationUpdate(location: manager.location, isStationary: true))
    }
}

/// Lets the stream's termination handler, which may run on any thread, stop the manager: stopping is
/// thread-safe in the engine.
private struct UncheckedSendableManager: @unchecked Sendable {
    let value: CLLocationManager
    init(_ value: CLLocationManager) { self.value = value }
}
