import Foundation
import LinuxCoreLocation

/// `sample:[?speed=N|max][&loop]`: the track the tool can replay when nothing else is configured —
/// Resources/SampleTrack.gpx, embedded in the executable, a two-minute drive through Lyon played as recorded (a
/// fix a second, with its recorded speeds) unless `?speed` says otherwise.
///
/// Real time by default (issue 15): at 8× the replay's speeds are scaled with its times, as every `?speed=N`
/// replay's are, and a user watching the sample read 88 m/s through Lyon.
///
/// Only `watch` uses it without being asked (see ``ProviderChoice``); every output marks its fixes as the
/// sample's. A replay like `gpx:` (same pace and `?loop`, and like it held back by a slow reader instead of
/// dropping fixes), named `sample:` in every message.
final class SampleProvider: LocationProvider {
    /// The URI scheme, registered by ``register()``.
    static let scheme = "sample"
    /// The pace when the URI gives none.
    static let defaultSpeed = 1.0

    let identifier: String
    private let replay: ReplayLocationProvider
    private let pace: String

    /// Makes the provider of `sample:` with its options.
    ///
    /// - Throws: ``LocationProviderError`` for a path, a host or a parameter other than `speed` and `loop`, or a
    ///   `loop` with a value (a flag: `?loop=false` is refused).
    init(_ uri: LocationProviderURI) throws {
        guard uri.authority == nil, uri.path.isEmpty else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "path", reason: "the sample takes no path; write sample: or sample:?speed=N"
            )
        }
        try uri.checkParameters(["speed", "loop"])
        var options = try ReplayOptions(uri: uri)
        if uri.parameter("speed") == nil { options.speed = .factor(Self.defaultSpeed) }
        switch options.speed {
        case .factor(let factor):
            pace =
                factor == 1
                ? "played in real time"
                : "played at \(factor == factor.rounded() ? String(Int(factor)) : Numbers.decimal(factor, 3))x"
        case .asFastAsPossible: pace = "played as fast as possible"
        }
        identifier = uri.description
        do {
            replay = try GPXReplay.provider(
                data: Data(PackageResources.SampleTrack_gpx), name: "SampleTrack.gpx", options: options)
        } catch {
            // The sample is part of the executable; failing to read it is a build defect, not a user error.
            fatalError("the embedded sample track cannot be read: \(error)")
        }
    }

    /// What the sample is, for the announcement on standard error.
    var summary: String { "the embedded sample track (a 2-minute drive through Lyon, \(pace))" }

    var capabilities: LocationProviderCapabilities { replay.capabilities }
    var isAvailable: Bool { true }
    var clock: any LocationClock { replay.clock }
    /// The replay's: the hub waits for slow managers instead of dropping the sample's fixes as a live source's.
    var pacing: LocationProviderPacing { replay.pacing }
    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) { replay.start(handler) }
    func stop() { replay.stop() }

    /// Makes `sample:` a provider URI of this process, for `--provider` and `CORELOCATION_PROVIDER` alike.
    static func register() {
        LocationProviders.register(scheme: scheme) { try SampleProvider($0) }
    }
}
