/// A line from gpsd that the client skipped; the stream continues after it.
///
/// ``description`` reads like a compiler diagnostic:
/// `127.0.0.1:2947:12: error: TPV field "lat": 91.0 is outside -90.0...90.0`.
public struct GPSDProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the line.
    public enum Kind: Sendable, Equatable {
        /// The line exceeded ``GPSD/maximumLineLength``; `length` is its size in bytes before the LF.
        case overlongLine(length: Int)
        /// The line could not be decoded.
        case undecodable(GPSDDecodingError)
    }

    /// The endpoint the line came from, as ``GPSDEndpoint/description`` renders it.
    public var source: String
    /// The 1-based line number within the current connection.
    public var line: Int
    /// The defect.
    public var kind: Kind

    /// Creates an error.
    public init(source: String, line: Int, kind: Kind) {
        self.source = source
        self.line = line
        self.kind = kind
    }

    /// `source:line: error: explanation`.
    public var description: String {
        let explanation =
            switch kind {
            case .overlongLine(let length):
                "line of \(length) bytes exceeds gpsd's \(GPSD.maximumLineLength)-byte limit; skipped"
            case .undecodable(let error): "\(error); skipped"
            }
        return "\(source):\(line): error: \(explanation)"
    }
}
