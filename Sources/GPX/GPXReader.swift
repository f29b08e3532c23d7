import Foundation

/// Reads GPX 1.0 and 1.1 documents, streaming or whole.
///
/// The streaming calls ``read(contentsOf:_:)`` and ``read(data:sourceName:_:)`` deliver
/// ``GPXEvent``s one at a time while the file is parsed from an `InputStream`, holding only the
/// current point, so a file of any size is read in bounded memory. ``readDocument(contentsOf:)``
/// collects the events into a ``GPXDocument``.
///
/// What is read: see ``GPXPoint`` and Docs/GPX.md. Elements are matched by namespace URI:
/// the GPX elements must be in the root's namespace (GPX 1.0, 1.1 or none), extensions in the
/// Garmin TrackPointExtension v2, OsmAnd or this module's namespace.
///
/// Security: the prolog is scanned before parsing and any `<!DOCTYPE`/`<!ENTITY` declaration is
/// refused (``GPXDiagnostic/Kind/forbiddenDeclaration``); external entities are never resolved. A
/// processing instruction without data (`<?target?>`, anywhere in the document) is refused the same way
/// before it reaches `XMLParser`, which crashes on it; one with data (`<?xml-stylesheet href="s.xsl"?>`) is
/// skipped.
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

    /// Creates a reader; strict by default.
    public init(mode: Mode = .strict) {
        self.mode = mode
    }

    /// Streams the events of a GPX file, in file order, to `body`.
    ///
    /// - Parameters:
    ///   - url: A regular file (it is opened twice: once for the prolog check, once to parse, so
    ///     not a FIFO or device). Diagnostics name it by its path.
    ///   - body: Called once per event on the calling thread; throwing stops reading and the
    ///     error is rethrown unchanged.
    /// - Returns: Counts and warnings of the read.
    /// - Throws: ``GPXDiagnostic`` (I/O, malformed XML, refused DTD or processing instruction, not GPX,
    ///   invalid value in strict mode), or what `body` threw.
    @discardableResult
    public func read(contentsOf url: URL, _ body: (GPXEvent) throws -> Void) throws -> GPXReadSummary {
        let source = url.path
        let prolog: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            prolog = try handle.read(upToCount: GPXPrologCheck.maximumPrologBytes) ?? Data()
        } catch {
            throw GPXDiagnostic(kind: .io, source: source, message: "cannot read file: \(error.localizedDescription)")
        }
        try GPXPrologCheck.check(
            Array(prolog), isWholeDocument: prolog.count < GPXPrologCheck.maximumPrologBytes,
            source: source)
        guard let stream = InputStream(url: url) else {
            throw GPXDiagnostic(kind: .io, source: source, message: "cannot open file")
        }
        return try GPXParseSession.run(stream, source: source, mode: mode, sink: body)
    }

    /// Streams the events of an in-memory GPX document, in order, to `body`.
    ///
    /// - Parameters:
    ///   - data: The document's bytes: UTF-8 with or without BOM, or ISO-8859-1 or US-ASCII named in
    ///     the XML declaration. Any other declared encoding is refused (`unsupportedEncoding`).
    ///   - sourceName: The name diagnostics use for the document.
    ///   - body: As in ``read(contentsOf:_:)``.
    /// - Returns: Counts and warnings of the read.
    /// - Throws: As ``read(contentsOf:_:)``.
    @discardableResult
    public func read(data: Data, sourceName: String = "<data>", _ body: (GPXEvent) throws -> Void) throws
        -> GPXReadSummary
    {
        try GPXPrologCheck.check(
            Array(data.prefix(GPXPrologCheck.maximumPrologBytes)),
            isWholeDocument: data.count <= GPXPrologCheck.maximumPrologBytes, source: sourceName)
        return try GPXParseSession.run(InputStream(data: data), source: sourceName, mode: mode, sink: body)
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
