/// Counters kept by ``NMEADecoder``: what was accepted, what was rejected and why.
///
/// A plain value; read it from ``NMEADecoder/statistics`` at any time.
public struct NMEAStatistics: Sendable, Hashable {
    /// Sentences that passed framing, checksum and field validation.
    public var acceptedSentences = 0
    /// Accepted sentences of a type this module does not decode (including proprietary `$P...`), passed through raw.
    public var unknownSentences = 0
    /// Lines that held no NMEA sentence at all (comments, JSON, binary garbage) and were skipped.
    public var skippedLines = 0
    /// Fixes emitted (``NMEAEvent/fix(_:)``).
    public var fixes = 0
    /// Epochs without a fix (``NMEAEvent/noFix(_:)``).
    public var noFixes = 0
    /// Heading events emitted (``NMEAEvent/heading(_:)``).
    public var headings = 0
    /// Malformed optional fields read as absent in accepted sentences (each also a warning diagnostic).
    public var ignoredFields = 0
    private var rejectionCounts = [Int](repeating: 0, count: NMEARejectionReason.allCases.count)

    /// Creates zeroed counters.
    public init() {}

    /// The number of rejections for one reason.
    public subscript(reason: NMEARejectionReason) -> Int {
        get { rejectionCounts[Self.index(of: reason)] }
        set { rejectionCounts[Self.index(of: reason)] = newValue }
    }

    /// All rejections, whatever the reason.
    public var rejectedSentences: Int { rejectionCounts.reduce(0, +) }

    private static func index(of reason: NMEARejectionReason) -> Int {
        NMEARejectionReason.allCases.firstIndex(of: reason) ?? 0
    }
}
