import Foundation
import SharedTestSupport

@testable import LinuxCoreLocation

/// A fix for scripts: latitude tells fixes apart; longitude 0; accuracy in metres; stamped at `time`.
func fix(_ latitude: Double, accuracy: Double = 5, longitude: Double = 0, time: Date = Date(timeIntervalSince1970: 0))
    -> CLLocation
{
    CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 10,
        horizontalAccuracy: accuracy, verticalAccuracy: 3, timestamp: time)
}

/// Everything a manager test needs: a manual clock, a scripted provider, an authorization of its own, a
/// callback thread and a recording delegate, so tests can run in parallel without sharing state.
final class ManagerHarness: @unchecked Sendable {
    let clock = ManualClock()
    let provider: ScriptedLocationProvider
    let authorization: LocationAuthorization
    let thread = CallbackThread()
    let delegate = RecordingDelegate()

    init(
        _ steps: [ScriptedLocationProvider.Step], status: CLAuthorizationStatus = .authorizedWhenInUse,
        policy: AuthorizationPolicy = .grant, capabilities: LocationProviderCapabilities = [.location, .accuracy]
    ) {
        provider = ScriptedLocationProvider(steps: steps, clock: clock, capabilities: capabilities)
        authorization = LocationAuthorization(status: status, policy: policy)
    }

    /// The harness's provider and authorization, for managers the library makes itself (live updates,
    /// monitors), which call back on their own queue, or on `queue` when given.
    func configuration(queue: DispatchQueue? = nil) -> LocationManagerConfiguration {
        LocationManagerConfiguration(provider: provider, authorization: authorization, callbackQueue: queue)
    }

    /// Creates a manager on the callback thread with the harness's delegate, then runs `setUp` there.
    func makeManager(_ setUp: @escaping (CLLocationManager) -> Void = { _ in }) -> UncheckedBox<CLLocationManager> {
        thread.sync {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(provider: self.provider, authorization: self.authorization))
            manager.delegate = self.delegate
            setUp(manager)
            return UncheckedBox(manager)
        }
    }

    /// Runs `body` with the manager on the callback thread.
    func on(_ manager: UncheckedBox<CLLocationManager>, _ body: @escaping (CLLocationManager) -> Void) {
        thread.sync { body(manager.value) }
    }

    /// Advances the clock and waits until every callback it caused has run.
    func advance(by seconds: TimeInterval) {
        clock.advance(by: seconds)
        thread.sync {}
    }

    deinit {
        thread.stop()
    }
}

/// An authorization policy whose "user" answers only when the test calls ``answer()``, so the state before
/// the answer can be checked without racing the asynchronous reply.
final class GatedPolicy: @unchecked Sendable {
    private let gate = DispatchSemaphore(value: 0)
    let policy: AuthorizationPolicy

    init(_ answer: AuthorizationPolicy) {
        let gate = self.gate
        policy = AuthorizationPolicy { request, current in
            gate.wait()
            return answer.decide(request, current)
        }
    }

    /// Lets the pending request be answered.
    func answer() { gate.signal() }
}

/// A fix `distance` metres from `origin` along `azimuth` (degrees clockwise from true north), computed with
/// the exact geodesic, so scripted tracks can be laid out in metres.
func fix(
    _ distance: Double, from origin: CLLocationCoordinate2D, azimuth: Double = 0, accuracy: Double = 5
) -> CLLocation {
    let point = Geodesic.direct(
        latitude: origin.latitude, longitude: origin.longitude, azimuth: azimuth, distance: distance)
    return CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude), altitude: 10,
        horizontalAccuracy: accuracy, verticalAccuracy: 3, timestamp: Date(timeIntervalSince1970: 0))
}

/// A script with one batch of one fix per entry, `interval` seconds apart starting at `interval`.
func track(_ fixes: [CLLocation], every interval: TimeInterval = 60) -> [ScriptedLocationProvider.Step] {
    fixes.enumerated().map { .init(at: Double($0.offset + 1) * interval, .locations([$0.element])) }
}
