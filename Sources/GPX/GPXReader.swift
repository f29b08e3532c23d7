import Foundation

/// Reads GPX 1.0 and 1.1 documents, streaming or whole.
///
/// The streaming calls ``read(contentsOf:_:)`` and ``read(data:sourceName:_:)`` deliver ``GPXEvent``s one at a
/// time while the document is read, holding only the current point, so a file of any size is read in bounded
/// memory; ``events(contentsOf:cancellation:)`` and ``events(data:sourceName:)`` hand out the same events on demand.
/// ``readDocument(contentsOf:)`` collects the events into a ``GPXDocument``.
///
/// What is read: see ``GPXPoint`` and <doc:ReadingAndWritingGPX>. Elements are matched by namespace URI:
/// the GPX elements must be in the root's namespace (GPX 1.0, 1.1 or none), extensions in the
/// Garmin TrackPointExtension v2, OsmAnd or this module's namespace.
///
/// The XML parser is this module's own: a streaming XML 1.0 parser for documents without a DTD. A document type
/// declaration (`<!DOCTYPE`) or any other markup declaration is refused wherever it stands
/// (``GPXDiagnostic/Kind/forbiddenDeclaration``), so no entity is ever declared, expanded or fetched (no XXE,
/// no billion laughs); a reference to any entity but the five predefined ones is malformed XML. Elements nested
/// deeper than 48 levels, start tags over 64 KiB and element text over 16 KiB are refused
/// (``GPXDiagnostic/Kind/limitExceeded``).
///
/// A value type holding only its mode; each call is independent and may run on any thread.
/// The callback runs synchronously on the calling thread.
public struct GPXReader: Sendable {
    /// What the reader does with an invalid value.
    public enum Mode: Sendable, Hashable {
        /// The first missing, unparsable or out-of-range value stops reading with a ``GPXDiagnostic``.
        case strict
        /// A point with a missing, unparsable or out-of-range position is skipped and counted in
        /// ``GPXReadSummary/skippedPoints``; an invalid optional value is set to `nil` and counted
        /// in ``GPXReadSummary/droppedValues``. Each such error is kept in
        /// ``GPXReadSummary/diagnostics``. Malformed XML and refused declarations still throw.
        case lenient
    }

    /// How invalid values are handled.
    public var mode: Mode

    /// Whether diagnostics quote the invalid value (`<trkpt> lat "48.85841x" is not a number`), `true` by default;
    /// when `false` they name the element, the field and the reason only (`<trkpt> lat is not a number`), since a
    /// value can be a coordinate or a time that a log should not repeat.
    public var includesValues = true

    /// Creates a reader; strict by default.
    public init(mode: Mode = .strict) {
        self.mode = mode
    }

    /// Streams the events of a GPX file, in file order, to `body`.
    ///
    /// - Parameters:
    ///   - url: The file (a regular file, a FIFO or a device: it is read once, front to back). Diagnostics name it
    ///     by its path.
    ///   - body: Called once per event on the calling thread; throwing stops reading and the
    ///     error is rethrown unchanged.
    /// - Returns: Counts and warnings of the read.
    /// - Throws: ``GPXDiagnostic`` (I/O, malformed XML, refused DTD, not GPX, a limit, invalid value in strict mode),
    ///   or what `body` threw.
    @discardableResult
    public func read(contentsOf url: URL, _ body: (GPXEvent) throws -> Void) throws -> GPXReadSummary {
        try Self.deliver(try events(contentsOf: url), to: body)
    }

    /// Streams the events of an in-memory GPX document, in order, to `body`.
    ///
    /// - Parameters:
    ///   - data: The document's bytes: UTF-8 with or without BOM, or ISO-8859-1 or US-ASCII named in the XML
    ///     declaration. Any other declared encoding is refused (`unsupportedEncoding`).
    ///   - sourceName: The name diagnostics use for the document.
    ///   - body: As in ``read(contentsOf:_:)``.
    /// - Returns: Counts and warnings of the read.
    /// - Throws: As ``read(contentsOf:_:)``.
    @discardableResult
    public func read(data: Data, sourceName: String = "<data>", _ body: (GPXEvent) throws -> Void) throws
        -> GPXReadSummary
    {
        try Self.deliver(events(data: data, sourceName: sourceName), to: body)
    }

    /// Opens a GPX file for reading event by event.
    ///
    /// A FIFO, pipe or device is opened without waiting for a writer and read only when `poll(2)` says it has
    /// data, so that `cancellation` can end a wait from another thread (see ``GPXReadCancellation``).
    ///
    /// - Parameters:
    ///   - url: The file, as in ``read(contentsOf:_:)``; it is opened now and read as events are asked for.
    ///   - cancellation: Wakes a read waiting on a FIFO, pipe or device; `nil` when nobody needs to.
    /// - Returns: The stream of the file's events.
    /// - Throws: ``GPXDiagnostic`` of kind `io` when the file cannot be opened.
    public func events(
        contentsOf url: URL, cancellation: GPXReadCancellation? = nil
    ) throws(GPXDiagnostic) -> GPXEventStream {
        GPXEventStream(
            try GPXXMLInput(path: url.path, cancellation: cancellation), mode: mode, includesValues: includesValues)
    }

    /// Reads an in-memory GPX document event by event.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, as in ``read(data:sourceName:_:)``.
    ///   - sourceName: The name diagnostics use for the document.
    /// - Returns: The stream of the document's events.
    public func events(data: Data, sourceName: String = "<data>") -> GPXEventStream {
        GPXEventStream(GPXXMLInput(data: data, name: sourceName), mode: mode, includesValues: includesValues)
    }

    private static func deliver(_ stream: GPXEventStream, to body: (GPXEvent) throws -> Void) throws
        -> GPXReadSummary
    {
        defer { stream.close() }
        while let event = try stream.next() { try body(event) }
        return stream.summary
    }

    /// Reads a whole GPX file into memory.
    ///
    /// - Throws: As ``read(contentsOf:_:)``.
    public func readDocument(contentsOf url: URL) throws -> GPXDocument {
        var document = GPXDocument()
        document.summary = try read(contentsOf: url) { document.apply($0) }
        return document
    }

    /// Reads a whole in-memory GPX document.
    ///
    /// - Throws: As ``read(data:sourceName:_:)``.
    public func readDocument(data: Data, sourceName: String = "<data>") throws -> GPXDocument {
        var document = GPXDocument()
        document.summary = try read(data: data, sourceName: sourceName) { document.apply($0) }
        return document
    }
}
