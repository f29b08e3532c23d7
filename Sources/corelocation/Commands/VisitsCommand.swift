import Foundation
import LinuxCoreLocation

/// `corelocation visits`: reports arrivals and departures decided by the mirror's visit detection.
final class VisitsCommand: ToolCommand {
    static let name = "visits"
    static let summary = "report visits (stays in one place)"
    static let options = CommandContext.options([], writing: .visits)
    static let refusals = OutputContent.visits.refusals
    static let details = """
        Prints a visit when the device has stayed in one place (an arrival, departure not yet known) and again
        when it leaves (with both times).
        """

    private let context: CommandContext

    init(_ arguments: Arguments) throws {
        context = try CommandContext(arguments, writing: .visits)
    }

    func run() -> Never {
        let manager = CLLocationManager(configuration: context.configuration)
        let printer = EventPrinter(session: context.session, events: [.errors, .visits])
        manager.delegate = printer
        manager.requestWhenInUseAuthorization()
        manager.startMonitoringVisits()
        context.session.onFinish { withExtendedLifetime(printer) { manager.stopMonitoringVisits() } }
        context.run(seesDeliveries: false)
    }
}
