/// How the `geoclue` provider introduces itself to GeoClue2 and what it asks for.
///
/// **Linux only.**
///
/// URI: `geoclue:[?accuracy=LEVEL][&desktop-id=ID][&distance-threshold=METRES][&time-threshold=SECONDS]`,
/// e.g. `geoclue:?accuracy=city&desktop-id=org.example.Tracker`. Source: GeoClue 2 API reference,
/// `org.freedesktop.GeoClue2.Client` properties.
public struct GeoClueOptions: Sendable, Equatable {
    /// The accuracy level asked for (`RequestedAccuracyLevel`); ``GeoClueAccuracyLevel/exact`` by default.
    public var accuracyLevel: GeoClueAccuracyLevel
    /// The application's desktop file id without `.desktop` (`DesktopId`), which GeoClue's configuration and agent
    /// authorize; the process name by default.
    public var desktopID: String
    /// Metres the location must move before GeoClue reports it again (`DistanceThreshold`); 0, the default, reports
    /// every change.
    public var distanceThreshold: UInt32
    /// Seconds that must pass before GeoClue reports a new location (`TimeThreshold`); 0 by default.
    public var timeThreshold: UInt32

    /// Creates options.
    ///
    /// - Parameters:
    ///   - accuracyLevel: The level asked for; exact by default.
    ///   - desktopID: The desktop file id GeoClue authorizes; the process name by default.
    ///   - distanceThreshold: Metres, 0 or more; 0 by default.
    ///   - timeThreshold: Seconds, 0 or more; 0 by default.
    public init(
        accuracyLevel: GeoClueAccuracyLevel = .exact, desktopID: String = ProcessInfo.processInfo.processName,
        distanceThreshold: UInt32 = 0, timeThreshold: UInt32 = 0
    ) {
        self.accuracyLevel = accuracyLevel
        self.desktopID = desktopID
        self.distanceThreshold = distanceThreshold
        self.timeThreshold = timeThreshold
    }

    /// Reads the options from a `geoclue:` URI.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` for a path or authority, an
    ///   unknown parameter, an unknown level, an empty desktop id or a threshold that is not a whole number
    ///   in 0…4294967295.
    public init(uri: LocationProviderURI) throws {
        self.init()
        func invalid(_ name: String, _ reason: String) -> LocationProviderError {
            .invalidParameter(uri: uri.description, name: name, reason: reason)
        }
        guard uri.path.isEmpty, uri.authority == nil else {
            throw invalid("path", "geoclue takes no path; write geoclue: or geoclue:?accuracy=city")
        }
        try uri.checkParameters(["accuracy", "desktop-id", "distance-threshold", "time-threshold"])
        for (name, value) in uri.parameters {
            switch name {
            case "accuracy":
                guard let level = GeoClueAccuracyLevel(name: value) else {
                    let names = GeoClueAccuracyLevel.allCases.map(\.name).joined(separator: ", ")
                    throw invalid(name, "expected one of \(names), found \"\(value)\"")
                }
                accuracyLevel = level
            case "desktop-id":
                guard !value.isEmpty else { throw invalid(name, "expected a desktop file id such as org.example.App") }
                desktopID = value
            case "distance-threshold", "time-threshold":
                guard let number = UInt32(value) else {
                    throw invalid(name, "expected a whole number of \(name == "time-threshold" ? "seconds" : "metres")")
                }
                if name == "time-threshold" { timeThreshold = number } else { distanceThreshold = number }
            default: break  // checked above
            }
        }
    }
}
