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
        Monitors up to 20 circular regions (degrees, metres; radius up to 1000 km) and prints their state when
        first known, then at each crossing the new state and the entry or exit. Identifiers default to region1,
        region2, … and must differ.
        """
    /// The most regions one app may monitor: Apple's limit, which the mirror keeps.
    static let maximumRegions = 20

    private let context: CommandContext
    private let specs: [String]
    private let regions: [CLCircularRegion]

    init(_ arguments: Arguments) throws {
        specs = arguments.all("region")
        guard !specs.isEmpty else { throw Arguments.UsageError(description: "monitor needs at least one --region") }
        guard specs.count <= Self.maximumRegions else {
            throw Arguments.UsageError(
                description: "monitor takes at most \(Self.maximumRegions) regions (CoreLocation's limit for an app), "
                    + "found \(specs.count)")
        }
        regions = try specs.enumerated().map { try Self.region($0.element, index: $0.offset + 1) }
        for (index, region) in regions.enumerated() {
            // startMonitoring(for:) replaces a region of the same identifier: the first would be dropped silently.
            if let first = regions.firstIndex(where: { $0.identifier == region.identifier }), first < index {
                throw Arguments.UsageError(
                    description: "--region \(specs[index]) repeats the identifier \"\(region.identifier)\" of --region "
                        + "\(specs[first]); give each region its own")
            }
        }
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
        let maximum = manager.maximumRegionMonitoringDistance
        if let index = regions.firstIndex(where: { $0.radius > maximum }) {
            usageError(
                "--region \(specs[index]): the radius is above the maximum, \(Numbers.fixed(maximum, 0)) m "
                    + "(maximumRegionMonitoringDistance)", help: "corelocation monitor --help")
        }
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
