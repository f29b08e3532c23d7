/// Counters a ``GPSDClient`` keeps over its lifetime (all connections).
///
/// Read through ``GPSDClient/statistics`` from any thread; the value is a snapshot.
public struct GPSDClientStatistics: Sendable, Equatable {
    /// Connections established.
    public var connections = 0
    /// Complete lines received (including skipped ones), not counting empty lines.
    public var linesReceived = 0
    /// Lines longer than ``GPSD/maximumLineLength`` bytes, skipped.
    public var overlongLinesSkipped = 0
    /// Lines that were not valid JSON objects or had unusable members, skipped.
    public var undecodableLinesSkipped = 0
    /// Objects of classes this module does not model, ignored.
    public var unknownClassesIgnored = 0
    /// `TPV` reports delivered.
    public var tpvReports = 0
    /// Reports dropped because 4,096 events were already waiting for a slow handler.
    public var reportsDropped = 0

    /// Creates zeroed counters.
    public init() {}
}
