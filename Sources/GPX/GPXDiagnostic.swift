/// A problem found while reading or writing GPX, formatted like a compiler diagnostic.
///
/// Thrown as an error (severity ``Severity/error``) and also collected as warnings in
/// ``GPXReadSummary/diagnostics``. ``description`` reads
/// `file.gpx:12: error: <trkpt> lat "91.5" is outside -90...90`.
public struct GPXDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// Reading stopped (or, in lenient mode, the point or value was skipped and counted).
        case error
        /// A value was ignored but reading went on (e.g. an unknown `<fix>` value).
        case warning
    }

    /// What kind of problem a diagnostic reports.
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be opened, read or written.
        case io
        /// The bytes are not well-formed XML 1.0 (with namespaces), or not in the encoding they declare.
        case malformedXML
        /// The document has a document type declaration (`<!DOCTYPE`) or another markup declaration
        /// (`<!ENTITY`, `<!ELEMENT`, …), refused for security wherever it stands.
        case forbiddenDeclaration
        /// The document's encoding is not one this module reads (UTF-16/32, or a declared encoding
        /// other than UTF-8, ISO-8859-1 or US-ASCII).
        case unsupportedEncoding
        /// The root element is not GPX `<gpx>`.
        case notGPX
        /// A required attribute (`lat`, `lon`) is missing.
        case missingValue
        /// A value could not be parsed as the number, time or enumeration it must be.
        case invalidValue
        /// A value parsed but lies outside its valid range.
        case outOfRange
        /// The document exceeds one of the reader's limits (bounded memory): elements nested deeper than 48
        /// levels, a start tag over 64 KiB or with more than 128 attributes, or read text over 16 KiB.
        case limitExceeded
    }

    /// The severity.
    public var severity: Severity
    /// The kind of problem.
    public var kind: Kind
    /// The source, as given: a file path, or the name passed with in-memory data.
    public var source: String
    /// The 1-based line, as reported by the XML parser; `nil` when not tied to a line.
    public var line: Int?
    /// The element concerned, as written in the file (for example `trkpt`, `gpxtpx:speed`), or `nil`.
    public var element: String?
    /// The reason, without location.
    public var message: String

    /// Creates a diagnostic.
    public init(
        severity: Severity = .error, kind: Kind, source: String, line: Int? = nil,
        element: String? = nil, message: String
    ) {
        self.severity = severity
        self.kind = kind
        self.source = source
        self.line = line
        self.element = element
        self.message = message
    }

    /// `source:line: severity: <element> message`, the line and element parts only when known.
    public var description: String {
        let location = line.map { "\(source):\($0)" } ?? source
        let subject = element.map { "<\($0)> " } ?? ""
        return "\(location): \(severity.rawValue): \(subject)\(message)"
    }
}
