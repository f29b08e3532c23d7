import Foundation
import LocationSupport
import SharedTestSupport

@testable import LinuxCoreLocation

// The recording, delegate and managers of ReplayDeliveryPathTests: a replay's route to the app, watched.

/// A recording in memory that, like a file source within a chunk, says its next item is already read (so that a
/// replay as fast as possible announces bursts), counts its reads, and can hold a read until the test lets it go.
final class BurstSource: BufferedReplaySource, @unchecked Sendable {
    private let lock = NSLock()
    private let items: [ReplayItem]
    private var index = 0
    private var closes = 0
    private var readsAfterClose = 0
    /// The index whose read waits for ``release()``; `nil` for none.
    private let holdAt: Int?
    private let held = DispatchSemaphore(value: 0)
    private let reached = DispatchSemaphore(value: 0)

    init(_ items: [ReplayItem], holdAt: Int? = nil) {
        self.items = items
        self.holdAt = holdAt
    }

    var hasBufferedItems: Bool { lock.withLock { index < items.count } }
    var readCount: Int { lock.withLock { index } }
    var closeCount: Int { lock.withLock { closes } }
    var readCountAfterClose: Int { lock.withLock { readsAfterClose } }

    func next() throws -> ReplayItem? {
        if lock.withLock({ index }) == holdAt {
            reached.signal()
            held.wait()
        }
        return lock.withLock {
            if closes > 0 { readsAfterClose += 1 }
            guard index < items.count else { return nil }
            defer { index += 1 }
            return items[index]
        }
    }

    func rewind() throws { lock.withLock { index = 0 } }
    func close() { lock.withLock { closes += 1 } }

    /// Waits until the replay is about to read the held item.
    func waitUntilHeld() { reached.wait() }
    /// Waits until the replay is about to read the held item, or until `deadline`: `.timedOut` when it was not
    /// there by then.
    func waitUntilHeld(by deadline: DispatchTime) -> DispatchTimeoutResult { reached.wait(timeout: deadline) }
    /// Lets the held read go on.
    func release() { held.signal() }
}

/// A delegate, on a queue, that keeps its fixes' latitudes and region events and runs a hook per fix callback.
final class PathDelegate: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [DelegateEvent] = []
    let finished = DispatchSemaphore(value: 0)
    var onLocations: (CLLocationManager, Int) -> Void = { _, _ in }
    private var callbacks = 0

    var events: [DelegateEvent] { lock.withLock { recorded } }
    var latitudes: [Double] {
        events.flatMap { event -> [Double] in
            if case .locations(let latitudes) = event { return latitudes }
            return []
        }
    }

    private func record(_ event: DelegateEvent) { lock.withLock { recorded.append(event) } }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        record(.locations(locations.map(\.coordinate.latitude)))
        callbacks += 1
        onLocations(manager, callbacks)
    }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        record(.entered(region.identifier))
    }
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        record(.exited(region.identifier))
    }
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        record(.state(state, region.identifier))
    }
    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        record(.providerFinished)
        finished.signal()
    }
}

/// Weak references to a manager and its engine, set on the manager's queue.
final class Watched: @unchecked Sendable {
    weak var manager: CLLocationManager?
    weak var engine: LocationManagerEngine?
}

let recordingStart = Date(timeIntervalSince1970: 1_700_000_000)

/// `count` fixes one second apart, latitude = index / 100.
func numberedItems(_ count: Int) -> [ReplayItem] {
    (0..<count).map { index in
        let time = recordingStart.addingTimeInterval(Double(index))
        return ReplayItem(time: time, event: .locations([fix(Double(index) / 100, time: time)]))
    }
}

/// A replay of `source` as fast as possible (or at `speed` on `clock`).
func replay(
    _ source: BurstSource, speed: ReplayOptions.Speed = .asFastAsPossible, clock: any LocationClock = ManualClock()
) -> ReplayLocationProvider {
    ReplayLocationProvider(
        identifier: "test:delivery-path", capabilities: [.location, .accuracy], options: ReplayOptions(speed: speed),
        clock: clock, isAvailable: { true }, open: { source })
}

/// A manager on `queue` that updates with `delegate`; `setUp` runs on the queue right after the start, before any
/// callback.
func updatingManager(
    _ provider: any LocationProvider, on queue: DispatchQueue, delegate: PathDelegate,
    authorization: LocationAuthorization = LocationAuthorization(status: .authorizedAlways),
    setUp: (UncheckedBox<CLLocationManager?>) -> Void = { _ in }
) -> UncheckedBox<CLLocationManager?> {
    queue.sync {
        let box = UncheckedBox<CLLocationManager?>(
            startedManager(provider, on: queue, delegate: delegate, authorization: authorization))
        setUp(box)
        return box
    }
}

/// A manager of `provider` calling back on `queue` (`nil`: the run loop of the caller's thread), with `delegate`,
/// updating: made on the caller's thread, for a caller already on `queue` (a callback) or holding it suspended,
/// where ``updatingManager(_:on:delegate:authorization:setUp:)`` would wait for it.
func startedManager(
    _ provider: any LocationProvider, on queue: DispatchQueue?, delegate: any CLLocationManagerDelegate,
    authorization: LocationAuthorization = LocationAuthorization(status: .authorizedAlways)
) -> CLLocationManager {
    let manager = CLLocationManager(
        configuration: LocationManagerConfiguration(
            provider: provider, authorization: authorization, callbackQueue: queue))
    manager.delegate = delegate
    manager.pausesLocationUpdatesAutomatically = false
    manager.startUpdatingLocation()
    return manager
}
