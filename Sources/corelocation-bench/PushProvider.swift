import Foundation
import LinuxCoreLocation
import Synchronization

/// A provider the bench drives by hand.
///
/// ``push(_:)`` hands an event to the hub at once, on the caller's
/// thread, while started. Used where the source of fixes must cost nothing (fan-out, memory).
final class PushProvider: LocationProvider {
    let identifier = "bench:push"
    let capabilities: LocationProviderCapabilities = [.location, .accuracy]
    var isAvailable: Bool { true }
    let clock: any LocationClock = SystemClock.shared
    /// The hub's handler, wrapped: a bare closure type read out of a `Mutex` is re-abstracted and written
    /// back on every read, so each push would wrap it in two more thunks and cost grow linearly.
    private struct Handler {
        var deliver: @Sendable (LocationProviderEvent) -> Void
    }
    private let handler = Mutex<Handler?>(nil)

    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        self.handler.withLock { $0 = Handler(deliver: handler) }
    }

    func stop() {
        handler.withLock { $0 = nil }
    }

    /// Delivers `event` if the provider is started.
    func push(_ event: LocationProviderEvent) {
        handler.withLock { $0 }?.deliver(event)
    }
}

/// A plausible fix number `index`, stamped now (so the age filter passes it), 5 m accurate.
func syntheticFix(_ index: Int) -> CLLocation {
    CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: 48 + Double(index % 1000) * 1e-5, longitude: 11),
        altitude: 500, horizontalAccuracy: 5, verticalAccuracy: 8, course: 90, speed: 1, timestamp: Date())
}

/// Pushes `count` synthetic fixes numbered from `first`, letting `queue` (the managers' callback queue) drain
/// after every `window` fixes, as a live source at its own rate lets it (an unpaced push would measure the
/// callback queue's backlog instead).
///
/// The window, 128, is half a manager's mailbox (256 events): a live source that gets further ahead of the callback
/// queue has its oldest fixes dropped, and the bench would measure drops, not deliveries.
func pushFixes(
    _ count: Int, from first: Int = 0, to provider: PushProvider, drain queue: DispatchQueue, window: Int = 128
) {
    for index in 0..<count {
        if index % window == 0 { queue.sync {} }
        provider.push(.locations([syntheticFix(first + index)]))
    }
    queue.sync {}
}

/// The configuration of a manager on `provider`, authorized, delivering on `queue`.
func benchConfiguration(_ provider: any LocationProvider, queue: DispatchQueue) -> LocationManagerConfiguration {
    LocationManagerConfiguration(
        provider: provider, authorization: LocationAuthorization(status: .authorizedAlways), callbackQueue: queue)
}

/// Makes a block manager on `provider` on `queue` — both filters on (``blockAccuracyFilter``,
/// ``blockAgeFilter``), automatic pauses off — and starts its updates with a block that passes each fix it
/// receives to `onLocation`, on `queue`.
func startBlockManager(
    _ provider: any LocationProvider, queue: DispatchQueue, onLocation: @escaping (CLLocation) -> Void
) -> CLLocationManager {
    queue.sync {
        let manager: CLLocationManager = CLLocationManager.update(
            withAccuracy: blockAccuracyFilter, locationAge: blockAgeFilter,
            configuration: benchConfiguration(provider, queue: queue))
        manager.pausesLocationUpdatesAutomatically = false
        manager.startUpdatingLocation { _, location, _, _ in
            if let location { onLocation(location) }
        }
        return manager
    }
}

/// A counter shared by callbacks on several threads.
final class SharedCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// Adds one; returns the new value.
    @discardableResult
    func increment() -> Int { value.add(1, ordering: .relaxed).newValue }

    var count: Int { value.load(ordering: .relaxed) }
}
