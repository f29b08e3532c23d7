import Foundation
import LinuxCoreLocation
import LocationSupport
import SharedTestSupport

@testable import INTULocationManager

/// An INTULocationManager made for one test: a scripted provider on a manual clock and an authorization of its
/// own; its blocks run on the main queue, as the pod's do.
final class INTUWorld: @unchecked Sendable {
    typealias Step = ScriptedLocationProvider.Step

    /// The time the manual clock starts at: 2026-01-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    let clock = ManualClock(start: INTUWorld.start)
    let provider: ScriptedLocationProvider
    let authorization: LocationAuthorization
    let manager: INTULocationManager
    private let asked = Locked<[String]>([])

    /// What the manager asked the user, in order (`always`, `whenInUse`).
    var requests: [String] { asked.withLock { $0 } }

    /// - Parameters:
    ///   - steps: What the provider plays, relative to its start.
    ///   - status: The authorization status at the start.
    ///   - capabilities: What the provider measures.
    ///   - answers: What the user answers to each request; a request missing here is never answered.
    init(
        _ steps: [Step], status: CLAuthorizationStatus = .authorizedWhenInUse,
        capabilities: LocationProviderCapabilities = [.location, .accuracy],
        answers: [AuthorizationRequest: CLAuthorizationStatus] = [
            .always: .authorizedAlways, .whenInUse: .authorizedWhenInUse,
        ]
    ) {
        provider = ScriptedLocationProvider(steps: steps, clock: clock, capabilities: capabilities)
        let asked = asked
        authorization = LocationAuthorization(
            status: status,
            policy: AuthorizationPolicy { request, _ in
                asked.withLock { $0.append("\(request)") }
                return answers[request]
            })
        manager = INTULocationManager(
            configuration: LocationManagerConfiguration(provider: provider, authorization: authorization))
    }

    /// Runs `body` on the main queue, where the pod's callers and blocks run, and returns its result.
    @discardableResult
    func onMain<Result>(_ body: () -> Result) -> Result {
        DispatchQueue.main.sync(execute: body)
    }

    /// Advances the clock on the main queue, then waits until the blocks it caused have run.
    func advance(by seconds: TimeInterval) {
        onMain { clock.advance(by: seconds) }
        settle()
    }

    /// Waits until what the main queue holds now, and what that queues in turn, has run.
    func settle() {
        onMain {}
        onMain {}
    }

    /// Checks `condition` on the main queue until it holds, for at most 10 s of real time: for what another thread
    /// does (the authorization policy answers on a global queue).
    func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !onMain(condition) {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    /// A fix whose latitude names it, stamped `age` seconds before `start + at`.
    static func fix(_ latitude: Double, accuracy: Double = 5, at: TimeInterval, age: TimeInterval = 0) -> CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 0), altitude: 10,
            horizontalAccuracy: accuracy, verticalAccuracy: 3, timestamp: start.addingTimeInterval(at - age))
    }

    /// A heading with the given magnetic and true headings (negative: none) and no accuracy, as Linux receivers
    /// report them.
    static func heading(magnetic: Double, true trueHeading: Double, at: TimeInterval) -> CLHeading {
        CLHeading(
            magneticHeading: magnetic, trueHeading: trueHeading, headingAccuracy: -1,
            timestamp: start.addingTimeInterval(at))
    }
}

/// Moves a value between the test and the main queue, where every hand-over is synchronised by
/// `DispatchQueue.main.sync`.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
