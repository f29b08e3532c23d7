/// Splits gpsd's byte stream into lines, reassembling lines split across reads.
///
/// A line ends at LF; a CR before the LF is dropped, so both CR LF (gpsd's terminator) and bare
/// LF work. Empty lines are ignored. A line longer than ``maximumLineLength`` bytes (without the
/// terminator) is discarded up to its LF and reported as ``Line/overlong(length:)``, so memory
/// stays below `maximumLineLength + 1` bytes whatever the peer sends. Bytes after the last LF
/// wait for the next ``append(_:)``. A value type: confine each instance to one thread.
public struct GPSDLineFramer: Sendable {
    /// One framed result.
    public enum Line: Sendable, Equatable {
        /// A complete line without its terminator.
        case complete([UInt8])
        /// A line that exceeded the limit and was dropped; `length` counts its bytes before the LF.
        case overlong(length: Int)
    }

    /// The longest accepted line in bytes, without the terminator.
    public let maximumLineLength: Int
    private var pending: [UInt8] = []
    private var discardedLength: Int?

    /// Creates a framer.
    ///
    /// - Parameter maximumLineLength: the limit in bytes, at least 1; defaults to gpsd's
    ///   ``GPSD/maximumLineLength`` (10,240).
    public init(maximumLineLength: Int = GPSD.maximumLineLength) {
        self.maximumLineLength = max(1, maximumLineLength)
    }

    /// The number of bytes held for a line not yet terminated (at most `maximumLineLength + 1`).
    public var bufferedByteCount: Int { pending.count }

    /// Feeds bytes from the stream and returns the lines they complete, in order.
    public mutating func append(_ bytes: some Collection<UInt8>) -> [Line] {
        var lines: [Line] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let chunk = rest[..<(newline ?? rest.endIndex)]
            if let discarded = discardedLength {
                discardedLength = discarded + chunk.count
            } else if pending.count + chunk.count > maximumLineLength + 1 {
                // +1 leaves room for a CR whose LF has not arrived yet.
                discardedLength = pending.count + chunk.count
                pending.removeAll(keepingCapacity: false)
            } else {
                pending.append(contentsOf: chunk)
            }
            guard let newline else { break }
            if let line = finishLine() { lines.append(line) }
            rest = rest[rest.index(after: newline)...]
        }
        return lines
    }

    /// Ends the current line at an LF.
    private mutating func finishLine() -> Line? {
        defer {
            pending.removeAll(keepingCapacity: true)
            discardedLength = nil
        }
        if let discarded = discardedLength {
            return .overlong(length: discarded)
        }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        if pending.count > maximumLineLength { return .overlong(length: pending.count) }
        return pending.isEmpty ? nil : .complete(pending)
    }
}
