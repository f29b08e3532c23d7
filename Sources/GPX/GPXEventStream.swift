/// A GPX document read one event at a time, on demand: the pull form of ``GPXReader``.
///
/// Made by ``GPXReader/events(contentsOf:cancellation:)`` or ``GPXReader/events(data:sourceName:)``. Each ``next()``
/// reads just far enough into the document for one event, holding only the current point and a 64 KiB buffer, so a
/// document of any size is read in bounded memory, at the pace of the caller.
///
/// The events, values and errors are those of ``GPXReader/read(contentsOf:_:)``. A file stays open until the
/// last event has been read, an error was thrown, or ``close()`` is called (or the stream is released).
///
/// Not `Sendable`: use it from one thread at a time.
public final class GPXEventStream {
    /// Unchecked exclusivity: the stream is used from one thread at a time and never re-entered, so the runtime's
    /// check at every event (a begin and an end access, about 90 instructions) would never find a conflict.
    @exclusivity(unchecked) private var session: GPXParseSession

    init(_ input: GPXXMLInput, mode: GPXReader.Mode, includesValues: Bool = true) {
        session = GPXParseSession(input, mode: mode, includesValues: includesValues)
    }

    /// Counts and warnings of what has been read so far; complete once ``next()`` returned `nil`.
    public var summary: GPXReadSummary { session.summary }

    /// The next event in file order, or `nil` after the last one.
    ///
    /// - Throws: ``GPXDiagnostic``: I/O, malformed XML, a refused DTD, a document that is not GPX, nesting or size
    ///   limits, or an invalid value in strict mode. Once it has thrown, every later call throws the same error.
    public func next() throws(GPXDiagnostic) -> GPXEvent? {
        try session.next()
    }

    /// Stops reading and closes the file.
    ///
    /// Later calls of ``next()`` return `nil`. Calling it again does nothing.
    public func close() {
        session.close()
    }
}
