import Foundation
import LinuxCoreLocation
import LocationBlocks

/// `corelocation watch`: streams fixes through a block-based `CLLocationManager` with the blocks layer's
/// accuracy and age filters.
final class WatchCommand: ToolCommand {
    static let spec = Arguments.Spec(
        valueOptions: CommandContext.options.union([
            "accuracy-filter", "age-filter", "distance-filter", "desired-accuracy", "count",
        ]), flags: ["no-sample"])

    static let usage = """
        usage: corelocation [watch] [options]

        Streams fixes until the provider ends, --count fixes were written, --duration passed, or Ctrl-C.
        While nothing arrives, a line on standard error says what it is waiting for; when a replay ends, a
        summary line follows. Both say how many fixes --accuracy-filter and --age-filter dropped, if any.

        options:
          --provider URI          where fixes come from (default: CORELOCATION_PROVIDER, else the probe, else
                                  the embedded sample track, sample:, marked as such in the output), e.g.
                                  gpsd://127.0.0.1:2947, nmea:/dev/ttyACM0?baud=9600, gpx:track.gpx?speed=10,
                                  nmea:log.nmea?speed=max, fixed:48.8584,2.2945
          --no-sample             never replay the sample: exit 3 when no provider is configured or found
          --accuracy-filter M     drop fixes less accurate than M metres (updateAccuracyFilter; 0: none)
          --age-filter S          drop fixes older than S seconds (updateLocationAgeFilter; 0: none)
          --distance-filter M     deliver a fix only after moving M metres (distanceFilter; 0: none)
          --desired-accuracy A    best, navigation, reduced, or metres (desiredAccuracy)
          --count N               stop after N fixes
          --duration S            stop after S seconds (0: no limit)
          --format F              text (default on a terminal), jsonl or json (JSON Lines, the default
                                  otherwise), csv, gpx, corelocationcli (CoreLocationCLI's JSON object); a
                                  value with % is a template, as --format-string
          --format-string T       a line per fix from %latitude %longitude %altitude %h_accuracy %v_accuracy
                                  %speed %course %direction (the course) %time, and from its reverse-geocoded
                                  placemark (CORELOCATION_GEOCODER, see Docs/CLI.md): %address %name
                                  %isoCountryCode %country %postalCode %administrativeArea
                                  %subAdministrativeArea %locality %subLocality %thoroughfare %subThoroughfare
                                  %region %timeZone %time_local
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
            guard let location else { return }  // errors reach the delegate, which reports them
            session.writer.write(.location(location))
            written += 1
            if let count, written >= count {
                stop.pointee = true
                session.finish(.success)
            }
        }
        session.onFinish { withExtendedLifetime(printer) { manager.stopUpdatingLocation() } }
        context.run(filterStatistics: { manager.updateFilterStatistics })
    }
}

/// `--desired-accuracy`: `best`, `navigation`, `reduced` or metres.
enum DesiredAccuracy {
    static func parse(_ text: String?) throws -> CLLocationAccuracy? {
        guard let text else { return nil }
        switch text {
        case "best": return kCLLocationAccuracyBest
        case "navigation": return kCLLocationAccuracyBestForNavigation
        case "reduced": return kCLLocationAccuracyReduced
        default:
            guard let metres = LocationProviderURI.decimalNumber(text), metres > 0 else {
                throw Arguments.UsageError(
                    description: "--desired-accuracy expects best, navigation, reduced or metres above 0, found "
                        + "\"\(text)\"" + (Double(text) == 0 ? " (for the best accuracy, write best)" : ""))
            }
            return metres
        }
    }
}
