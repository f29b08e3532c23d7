import Foundation

@testable import LinuxCoreLocation

/// One delegate callback, as recorded by ``RecordingDelegate``.
enum DelegateEvent: Equatable, CustomStringConvertible {
    case locations([Double])  // latitudes, enough to tell the scripted fixes apart
    case error(CLError.Code)
    case authorization(CLAuthorizationStatus)
    case heading(Double)
    case startedMonitoring(String)
    case monitoringFailed(String?, CLError.Code)
    case state(CLRegionState, String)
    case rangingFailed
    case deferredFinished(CLError.Code?)
    case providerFinished
    case entered(String)
    case exited(String)
    case visit(arrival: Date, departure: Date)
    case paused
    case resumed

    var description: String {
        switch self {
        case .locations(let latitudes): return "locations\(latitudes)"
        case .error(let code): return "error(\(code))"
        case .authorization(let status): return "authorization(\(status))"
        case .heading(let degrees): return "heading(\(degrees))"
        case .startedMonitoring(let id): return "startedMonitoring(\(id))"
        case .monitoringFailed(let id, let code): return "monitoringFailed(\(id ?? "nil"), \(code))"
        case .state(let state, let id): return "state(\(state), \(id))"
        case .rangingFailed: return "rangingFailed"
        case .deferredFinished(let code): return "deferredFinished(\(String(describing: code)))"
        case .providerFinished: return "providerFinished"
        case .entered(let id): return "entered(\(id))"
        case .exited(let id): return "exited(\(id))"
        case .visit(let arrival, let departure): return "visit(\(arrival) - \(departure))"
        case .paused: return "paused"
        case .resumed: return "resumed"
        }
    }
}

/// A delegate that records every callback and the thread it arrived on.
final class RecordingDelegate: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [DelegateEvent] = []
    private var recordedThreads: [Thread] = []
    private var recordedVisits: [CLVisit] = []
    private let arrived = DispatchSemaphore(value: 0)

    var events: [DelegateEvent] { lock.withLock { recorded } }
    var threads: [Thread] { lock.withLock { recordedThreads } }
    /// The visits received, in order.
    var visits: [CLVisit] { lock.withLock { recordedVisits } }

    /// The events other than authorization changes.
    var serviceEvents: [DelegateEvent] {
        events.filter { if case .authorization = $0 { return false } else { return true } }
    }

    private func record(_ event: DelegateEvent) {
        lock.withLock {
            recorded.append(event)
            recordedThreads.append(Thread.current)
        }
        arrived.signal()
    }

    /// Waits until `condition` holds for the recorded events, for at most `timeout` seconds of real time;
    /// for callbacks caused by other threads (authorization answers), never as a substitute for a clock.
    @discardableResult
    func wait(timeout: TimeInterval = 5, until condition: ([DelegateEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(events) {
            if arrived.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .timedOut {
                return condition(events)
            }
        }
        return true
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        record(.locations(locations.map(\.coordinate.latitude)))
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        record(.error((error as? CLError)?.code ?? .locationUnknown))
    }
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        record(.authorization(manager.authorizationStatus))
    }
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        record(.heading(newHeading.trueHeading))
    }
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        record(.startedMonitoring(region.identifier))
    }
    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        record(.monitoringFailed(region?.identifier, (error as? CLError)?.code ?? .locationUnknown))
    }
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        record(.state(state, region.identifier))
    }
    func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint, error: any Error
    ) {
        record(.rangingFailed)
    }
    func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {
        record(.deferredFinished((error as? CLError)?.code))
    }
    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        record(.providerFinished)
    }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        record(.entered(region.identifier))
    }
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        record(.exited(region.identifier))
    }
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        lock.withLock { recordedVisits.append(visit) }
        record(.visit(arrival: visit.arrivalDate, departure: visit.departureDate))
    }
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        record(.paused)
    }
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        record(.resumed)
    }
}
