import Foundation
import LinuxCoreLocation
import SharedTestSupport

/// The time the harness's manual clock starts at (ManualClock's default, 2026-01-01T00:00:00Z).
let clockStart = Date(timeIntervalSince1970: 1_767_225_600)

/// A fix for scripts: latitude tells fixes apart; accuracy in metres; stamped `age` seconds before
/// `clockStart + at` (so a fix scripted at offset `at` with age 0 is fresh when it arrives).
func fix(_ latitude: Double, accuracy: Double = 5, at: TimeInterval = 0, age: TimeInterval = 0) -> CLLocation {
    CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 0), altitude: 10,
        horizontalAccuracy: accuracy, verticalAccuracy: 3, timestamp: clockStart.addingTimeInterval(at - age))
}

/// A heading with the given true heading in degrees.
func heading(_ degrees: Double) -> CLHeading {
    CLHeading(magneticHeading: degrees, trueHeading: degrees, headingAccuracy: 5, timestamp: clockStart)
}

/// A manual clock, a scripted provider, an authorization of its own and a serial callback queue: managers
/// made here deliver on that queue, and `advance` returns once everything the advance caused has run.
final class BlocksHarness: @unchecked Sendable {
    let clock = ManualClock(start: clockStart)
    let provider: ScriptedLocationProvider
    let authorization: LocationAuthorization
    let queue = DispatchQueue(label: "BlocksHarness")

    init(
        _ steps: [ScriptedLocationProvider.Step], status: CLAuthorizationStatus = .authorizedWhenInUse,
        policy: AuthorizationPolicy = .grant, capabilities: LocationProviderCapabilities = [.location, .accuracy]
    ) {
        provider = ScriptedLocationProvider(steps: steps, clock: clock, capabilities: capabilities)
        authorization = LocationAuthorization(status: status, policy: policy)
    }

    var configuration: LocationManagerConfiguration {
        LocationManagerConfiguration(provider: provider, authorization: authorization, callbackQueue: queue)
    }

    /// Makes an update manager on the callback queue and runs `setUp` there.
    func makeManager(_ setUp: (CLLocationManager) -> Void = { _ in }) -> UncheckedBox<CLLocationManager> {
        queue.sync {
            let manager = CLLocationManager.update(configuration: configuration)!
            setUp(manager)
            return UncheckedBox(manager)
        }
    }

    /// Runs `body` with the manager on the callback queue.
    func on<T>(_ manager: UncheckedBox<CLLocationManager>, _ body: (CLLocationManager) throws -> T) rethrows -> T {
        try queue.sync { try body(manager.value) }
    }

    /// Advances the clock and waits until every callback it caused has run.
    ///
    /// The clock is advanced on the callback queue, so the provider's events (which the clock plays) and the
    /// managers' reactions to them (stops, restarts) run on one thread, as on a device. It also keeps the thread
    /// sanitizer quiet about the mirror's `Synchronization.Mutex`-guarded state, whose locking it cannot see.
    func advance(by seconds: TimeInterval) {
        queue.sync { clock.advance(by: seconds) }
        queue.sync {}
    }
}

/// A thread-safe list of what blocks and delegates saw, as readable strings (`"fix 1.0"`).
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private let arrived = DispatchSemaphore(value: 0)

    var events: [String] { lock.withLock { recorded } }

    func record(_ event: String) {
        lock.withLock { recorded.append(event) }
        arrived.signal()
    }

    /// Waits, for at most 5 s of real time, for an event caused by another thread (an authorization answer).
    @discardableResult
    func wait(timeout: TimeInterval = 5, until condition: ([String]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(events) {
            if arrived.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .timedOut {
                return condition(events)
            }
        }
        return true
    }

    /// Like ``wait(until:)``, for events produced by a task: the blocking wait runs on a thread of its own, so it
    /// never holds one of the few threads of the cooperative pool that the task needs, and it allows 60 s,
    /// because other tests running in parallel may hold the whole pool (2 threads on 2 cores) for many seconds.
    func waitAsync(until condition: @escaping @Sendable ([String]) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.wait(timeout: 60, until: condition)) }
        }
    }
}

/// The name of an error for recordings: the `CLError` code's raw value.
func code(_ error: (any Error)?) -> String {
    (error as? CLError).map { "\($0.code)" } ?? "nil"
}

/// A delegate recording locations, errors and headings, to check coexistence with blocks.
final class RecordingDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let recorder = Recorder()
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        recorder.record("locations \(locations.map(\.coordinate.latitude))")
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        recorder.record("error \(code(error))")
    }
}
