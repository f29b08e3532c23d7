import Foundation
import LinuxCoreLocation
import LocationBlocks

/// `corelocation plot FILE -o track.svg`: replays a GPX or NMEA file as fast as possible through a
/// `CLLocationManager` and draws the fixes it delivers as an SVG picture.
final class PlotCommand: NSObject, LinuxLocationManagerDelegate, ToolCommand {
    static let spec = Arguments.Spec(valueOptions: ["output", "accuracy-filter", "age-filter"], positionals: 1...1)
    static let usage = """
        usage: corelocation plot FILE.gpx|FILE.nmea -o track.svg [--accuracy-filter M] [--age-filter S]

        Draws a track as SVG (no map tiles needed): the path, accuracy circles, a scale bar, and in red the
        fixes the blocks layer's filters reject (as in watch). -o - writes to standard output.
        """

    private let input: String
    private let output: String
    private let accuracyFilter: CLLocationAccuracy
    private let ageFilter: TimeInterval
    private var manager: CLLocationManager?
    /// Every fix delivered, in order; the delegate sees each before the update block does.
    private var delivered: [CLLocation] = []
    private var accepted: Set<ObjectIdentifier> = []

    init(_ arguments: Arguments) throws {
        input = arguments.positionals[0]
        guard let output = arguments.value("output") else {
            throw Arguments.UsageError(description: "plot needs -o FILE.svg (or -o - for standard output)")
        }
        self.output = output
        accuracyFilter =
            try arguments.number("accuracy-filter", in: 0...1e9, unit: "metres") ?? kCLUpdateAccuracyFilterNone
        ageFilter = try arguments.number("age-filter", in: 0...1e9, unit: "seconds") ?? kCLLocationAgeFilterNone
    }

    func run() -> Never {
        guard FileManager.default.isReadableFile(atPath: input) else {
            Terminal.exit(.noInput, "cannot read \(input): no such file, or not readable")
        }
        let scheme = Self.looksLikeGPX(input) ? "gpx" : "nmea"
        let provider: any LocationProvider
        do {
            provider = try LocationProviders.provider(for: "\(scheme):\(input)?speed=max")
        } catch {
            Terminal.exit(.usage, "\(error)")
        }
        let manager: CLLocationManager = CLLocationManager.update(
            withAccuracy: accuracyFilter, locationAge: ageFilter,
            configuration: LocationManagerConfiguration(
                provider: provider, authorization: LocationAuthorization(status: .authorizedWhenInUse)))
        manager.delegate = self
        manager.pausesLocationUpdatesAutomatically = false  // the picture shows every fix
        self.manager = manager
        manager.startUpdatingLocation { [unowned self] _, location, _, _ in
            if let location { accepted.insert(ObjectIdentifier(location)) }
        }
        dispatchMain()
    }

    /// GPX by extension, else by a leading `<` in the first bytes.
    static func looksLikeGPX(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".gpx") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        return String(decoding: head, as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }.hasPrefix("<")
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        delivered += locations
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        if (error as? CLError)?.code == .network { Terminal.exit(.providerFailed, "cannot read \(input)") }
    }

    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        let title = URL(fileURLWithPath: input).lastPathComponent
        let points = delivered.map { TrackPlot.Point(location: $0, accepted: accepted.contains(ObjectIdentifier($0))) }
        let svg = TrackPlot(points: points, title: title).svg()
        if output == "-" {
            Terminal.write(svg)
        } else {
            do {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                Terminal.exit(.cannotCreate, "cannot write \(output): \(error.localizedDescription)")
            }
            Terminal.note("wrote \(output): \(points.count) fixes, \(points.filter(\.accepted).count) accepted")
        }
        Terminal.exit(.success)
    }
}
