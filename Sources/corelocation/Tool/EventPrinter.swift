import Foundation
import LinuxCoreLocation
import LocationBlocks

/// The delegate every fix-consuming command installs next to its blocks: it writes the events the command
/// asked for, and ends the command when the provider ends (with a summary line on standard error, which says what the
/// manager's update filters dropped), fails, or access is denied.
///
/// Isolated to the main actor. The managers are made in the commands' `run()`, on the main queue, so their
/// callbacks come on the main queue (Apple's rule, which the mirror keeps); the conformance is `@preconcurrency`,
/// so each callback checks that it runs there (libdispatch may serve the main queue from another thread under
/// `dispatchMain()`; the check is of the queue) and traps were it ever otherwise.
@MainActor final class EventPrinter: NSObject, @preconcurrency LinuxLocationManagerDelegate {
    /// Which delegate events are written.
    struct Events: OptionSet {
        let rawValue: Int
        static let errors = Events(rawValue: 1 << 0)
        static let regions = Events(rawValue: 1 << 1)
        static let visits = Events(rawValue: 1 << 2)
    }

    private let session: Session
    private let events: Events

    init(session: Session, events: Events) {
        self.session = session
        self.events = events
    }

    /// Runs `body` on the main actor, from a block of a manager made on the main queue, which calls it on the main
    /// queue: `assumeIsolated` checks that queue and traps were it ever otherwise.
    nonisolated static func onMain<Result: Sendable>(_ body: @MainActor () throws -> Result) rethrows -> Result {
        try MainActor.assumeIsolated(body)
    }

    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        session.finish(.success, summary(of: manager, ending: "finished"))
    }

    /// The summary line of `manager`'s provider (``Session/summary(of:ending:filterStatistics:)``).
    private func summary(of manager: CLLocationManager, ending: String) -> String {
        session.summary(
            of: manager.provider?.identifier ?? "the provider", ending: ending,
            filterStatistics: manager.updateFilterStatistics)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let error = error as? CLError ?? CLError(.locationUnknown)
        let ending = CommandEnding(
            error, authorization: manager.authorizationStatus,
            provider: manager.provider?.identifier ?? "the provider")
        guard let ending else {
            if events.contains(.errors) { session.writer.write(.error(error)) }
            return
        }
        // Outside JSON Lines, the line that ends the command says it already.
        if events.contains(.errors) { session.writeEndingError(error) }
        // What was written before it is said as a provider's end says it, as record says it (a trial of the tool:
        // a GPX file cut short replays its points, then fails).
        if session.writer.hasWritten || FilterDropReport(manager.updateFilterStatistics).text != nil {
            Terminal.note(summary(of: manager, ending: "stopped"))
        }
        session.finish(ending.status, ending.message)
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        if events.contains(.regions) { session.writer.write(.region(.enter, region, date: manager.eventTime)) }
    }

    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        if events.contains(.regions) { session.writer.write(.region(.exit, region, date: manager.eventTime)) }
    }

    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        if events.contains(.regions) { session.writer.write(.region(.state(state), region, date: manager.eventTime)) }
    }

    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        session.finish(
            .usage, "cannot monitor region \(region?.identifier ?? "?"): radius too large or too many regions")
    }

    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        if events.contains(.visits) { session.writer.write(.visit(visit)) }
    }
}
