import Foundation
import LinuxCoreLocation

/// `corelocation watch`: streams fixes from a provider through a `CLLocationManager` and its delegate.
final class WatchCommand: NSObject, LinuxLocationManagerDelegate {
    static let spec = Arguments.Spec(
        valueOptions: ["provider", "distance-filter", "desired-accuracy", "count", "duration", "format", "format-string"])

    static let usage = """
        usage: corelocation [watch] [options]

        Streams fixes until the provider ends, --count fixes were written, --duration passed, or Ctrl-C.

        options:
          --provider URI          where fixes come from (default: CORELOCATION_PROVIDER, the probe, or the
                                  embedded sample track), e.g. gpsd://127.0.0.1:2947, nmea:/dev/ttyACM0?baud=9600,
                                  gpx:track.gpx?speed=10, nmea:log.nmea?speed=max, fixed:48.8584,2.2945
          --distance-filter M     deliver a fix only after moving M metres (CLLocationManager.distanceFilter)
          --desired-accuracy A    best, navigation, or metres (CLLocationManager.desiredAccuracy)
          --count N               stop after N fixes
          --duration S            stop after S seconds
          --format F              text (default on a terminal), jsonl (default otherwise), csv, gpx
          --format-string T       a line per fix from %latitude %longitude %altitude %h_accuracy %v_accuracy
                                  %speed %course %time
        """

    private let session: Session
    private let provider: (any LocationProvider)?
    private let count: Int?
    private let duration: TimeInterval?
    private let distanceFilter: CLLocationDistance?
    private let desiredAccuracy: CLLocationAccuracy?
    private var manager: CLLocationManager?
    private var written = 0

    init(_ arguments: Arguments) throws {
        session = Session(
            writer: EventWriter(format: try OutputFormat(arguments: arguments, outputIsTerminal: Terminal.outputIsTerminal)))
        count = try arguments.number("count", in: 1...1e12, unit: "a number of fixes").map { Int($0) }
        duration = try arguments.number("duration", in: 0...1e9, unit: "seconds")
        distanceFilter = try arguments.number("distance-filter", in: 0...1e9, unit: "metres")
        desiredAccuracy = try DesiredAccuracy.parse(arguments.value("desired-accuracy"))
        provider = try ProviderChoice.resolve(arguments.value("provider"))
    }

    func run() -> Never {
        guard let provider else { Terminal.exit(.unavailable, "no location provider") }
        let manager = CLLocationManager(configuration: LocationManagerConfiguration(provider: provider))
        manager.delegate = self
        manager.pausesLocationUpdatesAutomatically = false  // a watcher wants every fix, moving or not
        if let distanceFilter { manager.distanceFilter = distanceFilter }
        if let desiredAccuracy { manager.desiredAccuracy = desiredAccuracy }
        self.manager = manager
        session.onFinish { manager.stopUpdatingLocation() }
        session.start(duration: duration)
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
        dispatchMain()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            session.writer.write(.location(location))
            written += 1
            if let count, written >= count { session.finish(.success) }
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let error = error as? CLError ?? CLError(.locationUnknown)
        session.writer.write(.error(error))
        switch error.code {
        case .denied: session.finish(.unavailable, "location access is denied or no provider is available")
        case .network: session.finish(.providerFailed, "the provider \(manager.provider?.identifier ?? "") failed")
        default: break
        }
    }

    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        session.finish(.success)
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
            guard let metres = Double(text), metres >= 0, metres.isFinite else {
                throw Arguments.UsageError(
                    description: "--desired-accuracy expects best, navigation, reduced or metres, found \"\(text)\"")
            }
            return metres
        }
    }
}
