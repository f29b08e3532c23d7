import Foundation
import LinuxCoreLocation
import LocationSupport
import SharedTestSupport

/// The process defaults a pod client gets from managers made without a configuration, set up for one test:
/// a scripted provider on a manual clock as `LocationProviders.defaultProvider`, and
/// `LocationAuthorization.shared` with a known status and a policy that records what was asked.
final class PodWorld: @unchecked Sendable {
    /// The time the manual clock starts at: 2026-01-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    let clock = ManualClock(start: PodWorld.start)
    let provider: ScriptedLocationProvider
    let app = AppThread()
    private let asked = Locked<[String]>([])

    /// What the clients asked for, in order (`always`, `whenInUse`).
    var requests: [String] { asked.withLock { $0 } }

    private init(_ steps: [ScriptedLocationProvider.Step], capabilities: LocationProviderCapabilities) {
        provider = ScriptedLocationProvider(steps: steps, clock: clock, capabilities: capabilities)
    }

    /// Runs `body` with the process defaults set up, alone among the tests that change them, and restores them.
    ///
    /// - Parameters:
    ///   - steps: What the default provider plays, relative to its start.
    ///   - status: The shared authorization's status during the test.
    ///   - capabilities: What the default provider measures.
    ///   - answers: What the user answers to each request; a request missing here is never answered.
    ///   - body: The test.
    static func run(
        _ steps: [ScriptedLocationProvider.Step], status: CLAuthorizationStatus = .notDetermined,
        capabilities: LocationProviderCapabilities = [.location, .accuracy],
        answers: [AuthorizationRequest: CLAuthorizationStatus] = [
            .always: .authorizedAlways, .whenInUse: .authorizedWhenInUse,
        ],
        _ body: (PodWorld) throws -> Void
    ) async rethrows {
        try await ProcessDefaults.withExclusiveAccess {
            let world = PodWorld(steps, capabilities: capabilities)
            let authorization = LocationAuthorization.shared
            let (status0, policy0) = (authorization.status, authorization.policy)
            LocationProviders.defaultProvider = world.provider
            authorization.setStatus(status)
            authorization.policy = AuthorizationPolicy { [asked = world.asked] request, _ in
                asked.withLock { $0.append("\(request)") }
                return answers[request]
            }
            defer {
                world.app.stop()
                // The app's monitored regions are shared by every manager, as on iOS: clear them, as an app
                // that is done with a geofence does.
                let manager = CLLocationManager()
                for region in manager.monitoredRegions { manager.stopMonitoring(for: region) }
                LocationProviders.defaultProvider = nil
                authorization.policy = policy0
                authorization.setStatus(status0)
            }
            try body(world)
        }
    }

    /// Advances the manual clock on the app thread, then waits until the callbacks it caused have run there.
    func advance(by seconds: TimeInterval) {
        app.sync { self.clock.advance(by: seconds) }
        app.sync {}
    }

    /// A fix whose latitude names it, stamped `age` seconds before `start + at`.
    static func fix(_ latitude: Double, accuracy: Double = 5, at: TimeInterval, age: TimeInterval = 0) -> CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 0), altitude: 10,
            horizontalAccuracy: accuracy, verticalAccuracy: 3, timestamp: start.addingTimeInterval(at - age))
    }
}
