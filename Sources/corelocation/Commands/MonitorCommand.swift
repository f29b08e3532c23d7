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
        region2, … after the region's place (region2-2 when another region is called region2) and must differ.
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
        regions = try Self.regions(specs)
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

    /// The regions of `specs`, in order: a region without an identifier is `regionN` after its place (`region2` for
    /// the second), or, when another region gives that identifier itself, `regionN-2` (`-3`, … until it is free).
    ///
    /// The trial of the tool found `--region 1,2,100,region2 --region 3,4,100` refused for repeating "region2", which
    /// the user gave only once. Identifiers given twice are still refused, by the caller.
    static func regions(_ specs: [String]) throws -> [CLCircularRegion] {
        var taken = Set(specs.compactMap(identifier))
        return try specs.enumerated().map { offset, spec in
            if let given = identifier(spec) { return try region(spec, identifier: given) }
            var name = "region\(offset + 1)"
            var suffix = 2
            while taken.contains(name) {
                name = "region\(offset + 1)-\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            return try region(spec, identifier: name)
        }
    }

    /// The identifier a `--region` gives, after its third comma, or `nil` when it gives none.
    private static func identifier(_ spec: String) -> String? {
        let parts = spec.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
        return parts.count == 4 && !parts[3].isEmpty ? String(parts[3]) : nil
    }

    /// The region of one `--region`, called `identifier`.
    private static func region(_ text: String, identifier: String) throws -> CLCircularRegion {
        let parts = text.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        let numbers = parts.prefix(3).compactMap {
            LocationProviderURI.decimalNumber($0.trimmingCharacters(in: .whitespaces))
        }
        let invalid = Arguments.UsageError(
            description: "--region expects LAT,LON,RADIUS[,ID] in degrees and metres, found \"\(text)\"")
        guard parts.count >= 3, numbers.count == 3 else { throw invalid }
        // Which number is wrong, where the form is right: `1,2,0` got the form's message (a trial of the tool).
        guard numbers[2] > 0 else {
            throw Arguments.UsageError(description: "--region \(text): the radius must be above 0 m")
        }
        let centre = CLLocationCoordinate2D(latitude: numbers[0], longitude: numbers[1])
        guard CLLocationCoordinate2DIsValid(centre) else {
            throw Arguments.UsageError(
                description: "--region \(text): the centre must lie within -90…90° of latitude and -180…180° of "
                    + "longitude")
        }
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
