/// A recording that a replay could read but that does not hold what its scheme says: a GPX file that is not
/// well-formed GPX or has no point to replay, an NMEA log without a single NMEA 0183 sentence; or a device that is
/// not a receiver (`nmea:/dev/null`, `nmea:/dev/zero`: see ``NMEAStreamProvider``).
///
/// **Linux only.**
///
/// Thrown by a ``ReplaySource`` from ``ReplaySource/next()``; the replay then reports
/// ``LocationProviderEvent/failed(_:)`` with `CLError(.network)` whose `NSUnderlyingErrorKey` holds this
/// error, so that an app can tell bad input (fix the file) from a recording that could not be read (an I/O
/// error, which stays the underlying error as thrown). `corelocation` reports it as `invalidInput`, exit
/// status 65.
public struct ReplayInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording: a file path, `standard input`, or the name of an in-memory document.
    public let source: String
    /// The 1-based line where the problem was found, or `nil` when it concerns the whole recording.
    public let line: Int?
    /// What is wrong, without the source: `XML is not well-formed: …`, `no NMEA 0183 sentences: 40 lines
    /// rejected (40 without a sentence, 0 malformed)`.
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - source: The recording's path or name.
    ///   - line: The 1-based line of the problem, or `nil`.
    ///   - reason: What is wrong with it.
    public init(source: String, line: Int? = nil, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    /// A compiler-style diagnostic: `route.gpx:3: error: XML is not well-formed: …`, or without a line
    /// `/etc/passwd: error: no NMEA 0183 sentences: …`.
    public var description: String { "\(source):" + (line.map { "\($0):" } ?? "") + " error: \(reason)" }
}
