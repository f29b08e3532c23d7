import GPX
import LocationSupport

/// Replays GPX files as a moving location, with Xcode's semantics for simulated-location files.
///
/// **Linux only.**
///
/// URI: `gpx:/path/route.gpx[?speed=N|max][&loop][&mps=M]`. The file's points are visited in order: a point
/// with a `<time>` is reached at that time (Xcode: "interpolate movement at a rate of speed based on the time
/// elapsed between each waypoint"); points without one between two timed points are reached in proportion to the
/// distance between them, and the others at ``defaultSpeed`` (or `mps=` metres per second; Xcode's "fixed rate of
/// speed" is undocumented). Between two points the position moves along the geodesic at constant speed, with a fix
/// every second; a single point is a static location. Track points are replayed when the file has any, else route
/// points, else waypoints; segment, track and route boundaries are jumps (no fixes between them). The file is read
/// as the replay goes, so memory does not grow with it. The rules, accuracies and limits are in
/// <doc:GPXReplayAndRecording>.
///
/// `?speed=N`, `?speed=max` and `?loop` are ``ReplayOptions``. A file that cannot be read, is not GPX, contains
/// a DTD (refused for security), or has no points makes the provider report `.failed(CLError(.network))` with
/// the reader's diagnostic on standard error, such as `route.gpx:3: error: ...`; the error's
/// `NSUnderlyingErrorKey` is a ``ReplayInputError`` for a document that is not usable GPX, or the I/O error.
public enum GPXReplay {
    /// The speed, in metres per second, between points that lack a time: 1.4 m/s, a walking pace.
    public static let defaultSpeed: CLLocationSpeed = 1.4
    /// The user-equivalent range error in metres that turns `<hdop>`/`<vdop>` into accuracies: 5 m, the value
    /// the NMEA 0183 module uses (`NMEADecoderOptions().userEquivalentRangeError`), so both kinds of recording
    /// report the same accuracy for the same dilution of precision.
    public static let userEquivalentRangeError: CLLocationDistance = 5
    /// The accuracy in metres of a point without `lcl:hacc` or `<hdop>` (horizontal), or with an `<ele>` but
    /// without `lcl:vacc` or `<vdop>` (vertical): 5 m, the horizontal accuracy of Xcode's simulated locations.
    public static let defaultAccuracy: CLLocationAccuracy = 5
    /// The longest leg, in seconds, that is interpolated: one day.
    ///
    /// A longer pause between two points (a device
    /// switched off, or a broken time) is still waited out, but without fixes in between.
    public static let maximumInterpolatedLeg: TimeInterval = 86_400
    /// The largest `mps=` accepted, in metres per second.
    public static let maximumDefaultSpeed: CLLocationSpeed = 10_000

    /// Makes a provider that replays a GPX file.
    ///
    /// The file is opened (and streamed, in bounded memory) on each start of the provider.
    ///
    /// - Parameters:
    ///   - url: The GPX file.
    ///   - options: Pace and looping.
    ///   - defaultSpeed: Metres per second between points without a time; 0 < speed ≤ ``maximumDefaultSpeed``.
    ///   - clock: The clock for paced replays (the system clock by default).
    /// - Returns: A replay provider; the file is read when it starts.
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` for an invalid `defaultSpeed`.
    public static func provider(
        contentsOf url: URL, options: ReplayOptions = ReplayOptions(), defaultSpeed: CLLocationSpeed = defaultSpeed,
        clock: any LocationClock = SystemClock.shared
    ) throws -> ReplayLocationProvider {
        try provider(
            .file(url), identifier: "gpx:\(url.path)", options: options, defaultSpeed: defaultSpeed, clock: clock)
    }

    /// Makes a provider that replays an in-memory GPX document, such as a sample track embedded in a program.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - name: The name used in the provider's identifier (`gpx:NAME`) and in diagnostics.
    ///   - options: Pace and looping.
    ///   - defaultSpeed: Metres per second between points without a time; 0 < speed ≤ ``maximumDefaultSpeed``.
    ///   - clock: The clock for paced replays (the system clock by default).
    /// - Returns: A replay provider; the file is read when it starts.
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` for an invalid `defaultSpeed`.
    public static func provider(
        data: Data, name: String, options: ReplayOptions = ReplayOptions(),
        defaultSpeed: CLLocationSpeed = defaultSpeed, clock: any LocationClock = SystemClock.shared
    ) throws -> ReplayLocationProvider {
        try provider(
            .data(data, name: name), identifier: "gpx:\(name)", options: options, defaultSpeed: defaultSpeed,
            clock: clock)
    }

    /// Makes a provider from `gpx:PATH[?speed=N|max][&loop][&mps=M]`.
    ///
    /// `gpx:-` reads standard input (to its end, at most 64 MiB, then replayed from memory), as `gpx:/dev/stdin`
    /// does.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` for an empty path, a host part, an
    ///   unknown parameter, or an invalid `speed` or `mps`.
    @Sendable static func make(_ uri: LocationProviderURI) throws -> any LocationProvider {
        guard uri.authority?.isEmpty ?? true, !uri.path.isEmpty else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "path", reason: "expected a local file, e.g. gpx:/home/me/route.gpx")
        }
        try uri.checkParameters(["speed", "loop", "mps"])
        // `-` is standard input, as in `nmea:-`: read to its end at the first pass and replayed from memory, as any
        // pipe is (``GPXReplaySource/unseekableLimit``). It was refused, though `gpx:/dev/stdin` worked (a trial).
        let path = uri.path == "-" ? "/dev/stdin" : uri.path
        var speed = defaultSpeed
        if let text = uri.parameter("mps") {
            guard let value = LocationProviderURI.decimalNumber(text) else {
                throw invalidSpeed(uri.description, name: "mps", found: text)
            }
            speed = value
        }
        return try provider(
            .file(URL(literalFilePath: path)), identifier: uri.description,
            options: ReplayOptions(uri: uri), defaultSpeed: speed, clock: SystemClock.shared,
            parameterName: "mps")
    }

    private static func provider(
        _ input: GPXReplayInput, identifier: String, options: ReplayOptions, defaultSpeed: CLLocationSpeed,
        clock: any LocationClock, parameterName: String = "defaultSpeed"
    ) throws -> ReplayLocationProvider {
        guard defaultSpeed > 0, defaultSpeed <= maximumDefaultSpeed else {
            throw invalidSpeed(identifier, name: parameterName, found: "\(defaultSpeed)")
        }
        return ReplayLocationProvider(
            identifier: identifier, capabilities: [.location, .accuracy, .course, .altitude], options: options,
            clock: clock, unavailability: { input.unavailability },
            open: { GPXReplaySource(input: input, defaultSpeed: defaultSpeed) })
    }

    private static func invalidSpeed(_ uri: String, name: String, found: String) -> LocationProviderError {
        .invalidParameter(
            uri: uri, name: name,
            reason: "expected metres per second in 0 < M <= \(Int(maximumDefaultSpeed)), found \"\(found)\"")
    }
}
