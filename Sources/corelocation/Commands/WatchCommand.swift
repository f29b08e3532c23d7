import Foundation
import LinuxCoreLocation
import LocationBlocks

/// `corelocation watch`: streams fixes through a block-based `CLLocationManager` with the blocks layer's
/// accuracy and age filters.
final class WatchCommand: ToolCommand {
    static let name = "watch"
    static let summary = "stream fixes (the default command)"
    static let options = CommandContext.options([
        ToolOption(
            name: "no-sample", placeholder: nil, summary: "never replay the sample",
            details: ": exit 3 when no provider is configured or found"),
        .accuracyFilter, .ageFilter,
        ToolOption(
            name: "distance-filter", placeholder: "M",
            summary: "deliver a fix only after moving M metres, or more accurate",
            details: "than the last delivered (distanceFilter; 0: none)"),
        ToolOption(
            name: "desired-accuracy", placeholder: "A", summary: "best, navigation, reduced, or metres",
            details: "(desiredAccuracy)", values: .words(DesiredAccuracy.levels.map(\.name))),
        ToolOption(name: "count", placeholder: "N", summary: "stop after N fixes"),
    ])
    static let details = """
        Streams fixes until the provider ends, --count fixes were written, --duration passed, or Ctrl-C.
        While nothing arrives, a line on standard error says what it is waiting for; when a replay ends, a
        summary line follows. Both say how many fixes --accuracy-filter and --age-filter dropped, if any.
        """

    private let context: CommandContext
    private let count: Int?
    private let accuracyFilter: CLLocationAccuracy
    private let ageFilter: TimeInterval
    private let distanceFilter: CLLocationDistance?
    private let desiredAccuracy: CLLocationAccuracy?

    init(_ arguments: Arguments) throws {
        count = try arguments.whole("count", in: 1...1_000_000_000_000, unit: "fixes")
        accuracyFilter =
            try arguments.number("accuracy-filter", in: 0...1e9, unit: "metres") ?? kCLUpdateAccuracyFilterNone
        ageFilter = try arguments.number("age-filter", in: 0...1e9, unit: "seconds") ?? kCLLocationAgeFilterNone
        distanceFilter = try arguments.number("distance-filter", in: 0...1e9, unit: "metres").map {
            $0 == 0 ? kCLDistanceFilterNone : $0
        }
        desiredAccuracy = try DesiredAccuracy.parse(arguments.value("desired-accuracy"))
        context = try CommandContext(arguments, fallsBackToSample: !arguments.flag("no-sample"))
        if let count, let fixed = context.provider as? FixedLocationProvider {
            try check(
                count, of: fixed, named: context.providerName,
                accuracyFilterText: arguments.value("accuracy-filter") ?? "")
        }
    }

    /// Refuses a `--count` that the one fix of `fixed` can never reach, rather than waiting for ever.
    ///
    /// A trial of the tool: `--count 3` with `fixed:` printed its one fix and then waited for ever, and so did
    /// `--count 1` with an `--accuracy-filter` that drops the fix. `--duration` does not lift the refusal: the count
    /// asked for would still not be reached.
    private func check(
        _ count: Int, of fixed: FixedLocationProvider, named name: String, accuracyFilterText: String
    ) throws {
        if count > 1 {
            throw Arguments.UsageError(
                description: "--count \(count): \(name) delivers one fix, so a second would never come; leave out "
                    + "--count, or give --count 1")
        }
        if accuracyFilter > 0, fixed.horizontalAccuracy > accuracyFilter {
            throw Arguments.UsageError(
                description: "--accuracy-filter \(accuracyFilterText): the one fix of \(name) is "
                    + "±\(fixed.horizontalAccuracy) m, so the filter drops it and --count "
                    + "\(count) is never reached; give --accuracy-filter \(fixed.horizontalAccuracy) or more, or "
                    + "leave out --count")
        }
    }

    func run() -> Never {
        let session = context.session
        let manager: CLLocationManager = CLLocationManager.update(
            withAccuracy: accuracyFilter, locationAge: ageFilter, authorizationDesciption: .whenInUse,
            configuration: context.configuration)
        let printer = EventPrinter(session: session, events: [.errors])
        manager.delegate = printer
        manager.pausesLocationUpdatesAutomatically = false  // a watcher wants every fix, moving or not
        if let distanceFilter { manager.distanceFilter = distanceFilter }
        if let desiredAccuracy { manager.desiredAccuracy = desiredAccuracy }
        manager.requestWhenInUseAuthorization()
        var written = 0
        let count = self.count
        manager.startUpdatingLocation { _, location, _, stop in
            // A manager made here, on the main queue, calls its blocks there (see EventPrinter.onMain).
            EventPrinter.onMain {
                guard let location else { return }  // errors reach the delegate, which reports them
                session.writer.write(.location(location))
                written += 1
                if let count, written >= count {
                    stop?.pointee = true
                    session.finish(.success, summarizing: "reached --count")
                }
            }
        }
        session.onFinish { withExtendedLifetime(printer) { manager.stopUpdatingLocation() } }
        context.run(filterStatistics: { manager.updateFilterStatistics })
    }
}

/// `--desired-accuracy`: `best`, `navigation`, `reduced` or metres.
enum DesiredAccuracy {
    /// The words it takes besides metres, and their accuracies.
    static let levels = [
        (name: "best", accuracy: kCLLocationAccuracyBest),
        (name: "navigation", accuracy: kCLLocationAccuracyBestForNavigation),
        (name: "reduced", accuracy: kCLLocationAccuracyReduced),
    ]

    static func parse(_ text: String?) throws -> CLLocationAccuracy? {
        guard let text else { return nil }
        switch levels.first(where: { $0.name == text }) {
        case let level?: return level.accuracy
        case nil:
            guard let metres = LocationProviderURI.decimalNumber(text), metres > 0 else {
                throw Arguments.UsageError(
                    description: "--desired-accuracy expects best, navigation, reduced or metres above 0, found "
                        + "\"\(text)\"" + (Double(text) == 0 ? " (for the best accuracy, write best)" : ""))
            }
            return metres
        }
    }
}
