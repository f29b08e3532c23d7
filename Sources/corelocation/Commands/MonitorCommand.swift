import Foundation
import LinuxCoreLocation

/// `corelocation monitor --region LAT,LON,RADIUS[,ID] …`: reports state, enter and exit events of circular
/// regions, decided by the mirror's region monitoring (with its accuracy hysteresis).
final class MonitorCommand: ToolCommand {
    static let name = "monitor"
    static let summary = "report entering and leaving circular regions"
    static let options = CommandContext.options(
        [
            ToolOption(
                name: "region", placeholder: "LAT,LON,RADIUS[,ID]", summary: "a circular region to monitor",
                details: "(its centre in degrees, its radius in metres, an identifier); one --region for each",
                repeatable: true, required: true)
        ], writing: .regionEvents)
    static let refusals = OutputContent.regionEvents.refusals
    static let details = """
        Monitors up to 20 circular regions (degrees, metres) and prints their state when first known, then at
        each crossing the new state and the entry or exit. Identifiers default to region1, region2, …
        """

    private let context: CommandContext
    private let regions: [CLCircularRegion]

    init(_ arguments: Arguments) throws {
        let specs = arguments.all("region")
        guard !specs.isEmpty else { throw Arguments.UsageError(description: "monitor needs at least one --region") }
        regions = try specs.enumerated().map { try Self.region($0.element, index: $0.offset + 1) }
        context = try CommandContext(arguments, writing: .regionEvents)
    }

    static func region(_ text: String, index: Int) throws -> CLCircularRegion {
        let parts = text.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        let numbers = parts.prefix(3).compactMap {
            LocationProviderURI.decimalNumber($0.trimmingCharacters(in: .whitespaces))
        }
        let invalid = Arguments.UsageError(
            description: "--region expects LAT,LON,RADIUS[,ID] in degrees and metres, found \"\(text)\"")
        guard parts.count >= 3, numbers.count == 3, numbers[2] > 0 else { throw invalid }
        let centre = CLLocationCoordinate2D(latitude: numbers[0], longitude: numbers[1])
        guard CLLocationCoordinate2DIsValid(centre) else { throw invalid }
        let identifier = parts.count == 4 && !parts[3].isEmpty ? parts[3] : "region\(index)"
        return CLCircularRegion(center: centre, radius: numbers[2], identifier: identifier)
    }

    func run() -> Never {
        let manager = CLLocationManager(configuration: context.configuration)
        let printer = EventPrinter(session: context.session, events: [.errors, .regions])
        manager.delegate = printer
        manager.requestWhenInUseAuthorization()
        for region in regions { manager.startMonitoring(for: region) }
        context.session.onFinish {
            withExtendedLifetime(printer) {
                for region in manager.monitoredRegions { manager.stopMonitoring(for: region) }
            }
        }
        context.run(seesDeliveries: false)
    }
}
