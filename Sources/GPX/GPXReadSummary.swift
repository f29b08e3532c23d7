/// Counts and diagnostics from one read of a GPX document.
public struct GPXReadSummary: Sendable, Hashable {
    /// The most diagnostics kept in ``diagnostics``; later ones are only counted.
    public static let maximumKeptDiagnostics = 100

    /// Waypoints delivered.
    public var waypoints = 0
    /// Route points delivered.
    public var routePoints = 0
    /// Track points delivered.
    public var trackPoints = 0
    /// Points skipped in lenient mode because their position was missing, unparsable or out of range.
    public var skippedPoints = 0
    /// Optional values dropped (set to `nil`) because they were unparsable or out of range
    /// (lenient mode) or an unknown `<fix>` (both modes).
    public var droppedValues = 0
    /// Times equal to the 32-bit `time_t` minimum `1901-12-13T20:45:52Z` (any fraction), read as `nil`.
    public var sentinelTimes = 0
    /// Every warning and lenient-mode error, in file order, at most ``maximumKeptDiagnostics``.
    public var diagnostics: [GPXDiagnostic] = []
    /// All diagnostics counted, including those beyond ``maximumKeptDiagnostics``.
    public var diagnosticCount = 0

    /// Creates an empty summary.
    public init() {}

    /// What a lenient read left out, in one line for a warning, or `nil` when it left nothing out.
    ///
    /// For example `skipped 1 invalid point and dropped 2 invalid values; first: route.gpx:7: error: …` (the
    /// first diagnostic kept, if any).
    public var skippedDescription: String? {
        guard skippedPoints > 0 || droppedValues > 0 else { return nil }
        let points = "\(skippedPoints) invalid point" + (skippedPoints == 1 ? "" : "s")
        let values = "\(droppedValues) invalid value" + (droppedValues == 1 ? "" : "s")
        return "skipped \(points) and dropped \(values)" + (diagnostics.first.map { "; first: \($0)" } ?? "")
    }

    mutating func record(_ diagnostic: GPXDiagnostic) {
        diagnosticCount += 1
        if diagnostics.count < Self.maximumKeptDiagnostics { diagnostics.append(diagnostic) }
    }
}
