import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One pass of XMLParser over a GPX document, turning SAX callbacks into ``GPXEvent``s.
///
/// Holds only the point being read and the text of the open leaf element, so memory stays
/// bounded however long the document is. Used on one thread, by one ``GPXReader`` call.
final class GPXParseSession: NSObject, XMLParserDelegate {
    /// The longest text of a read element, in UTF-8 bytes; longer text is an error.
    static let maximumTextBytes = 16 * 1024

    /// A point under construction.
    struct PendingPoint {
        var kind: GPXElementRole.PointKind
        var element: String
        var point = GPXPoint(latitude: 0, longitude: 0)
        var extensionSpeed: Double?
        var extensionCourse: Double?
        var isSkipped = false
    }

    let source: String
    let mode: GPXReader.Mode
    private let sink: (GPXEvent) throws -> Void
    private let input: GPXCheckedInputStream
    private var parser: XMLParser?
    private(set) var failure: (any Error)?
    var summary = GPXReadSummary()
    private var stack: [GPXElementRole] = []
    private var gpxNamespace: String?
    private var metadata = GPXMetadata()
    private var metadataDelivered = false
    var pending: PendingPoint?
    var routeName: String?
    var trackName: String?
    private var text = ""
    private var textBytes = 0
    var fieldElement = ""
    var fieldLine = 0

    private init(
        source: String, mode: GPXReader.Mode, input: GPXCheckedInputStream, sink: @escaping (GPXEvent) throws -> Void
    ) {
        self.source = source
        self.mode = mode
        self.input = input
        self.sink = sink
    }

    /// Parses a whole stream, calling `sink` for each event in file order.
    ///
    /// DTDs must already have been refused by ``GPXPrologCheck``; external entities are not
    /// resolved in any case. The bytes reach the parser through ``GPXCheckedInputStream``, which refuses
    /// processing instructions without data. Throws the first ``GPXDiagnostic`` or the first error `sink` threw.
    static func run(
        _ stream: InputStream, source: String, mode: GPXReader.Mode,
        sink: (GPXEvent) throws -> Void
    ) throws -> GPXReadSummary {
        try withoutActuallyEscaping(sink) { sink in
            let input = GPXCheckedInputStream(stream, source: source)
            let session = GPXParseSession(source: source, mode: mode, input: input, sink: sink)
            let parser = XMLParser(stream: input)
            parser.shouldProcessNamespaces = true
            parser.shouldReportNamespacePrefixes = false
            parser.shouldResolveExternalEntities = false
            parser.delegate = session
            session.parser = parser
            defer { session.parser = nil }
            _ = parser.parse()
            if let failure = session.failure { throw failure }
            if let refusal = input.refusal { throw refusal }
            if let error = parser.parserError {
                throw session.malformed(code: (error as NSError).code, line: nil)
            }
            if session.gpxNamespace == nil {
                throw GPXDiagnostic(kind: .notGPX, source: source, message: "no root element")
            }
            return session.summary
        }
    }

    var line: Int { parser?.lineNumber ?? 0 }

    /// Stops parsing with `error` (the first one wins).
    func fail(_ error: any Error) {
        if failure == nil { failure = error }
        parser?.abortParsing()
    }

    /// Hands `event` to the sink unless reading already stopped (a callback that threw gets no more events).
    func emit(_ event: GPXEvent) {
        guard failure == nil else { return }
        do { try sink(event) } catch { fail(error) }
    }

    private func deliverMetadata() {
        guard !metadataDelivered else { return }
        metadataDelivered = true
        emit(.metadata(metadata))
    }

    private func malformed(code: Int, line: Int?) -> GPXDiagnostic {
        GPXDiagnostic(
            kind: .malformedXML, source: source, line: line,
            message: "XML is not well-formed: \(GPXLibXMLError.describe(code))")
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        let namespace = namespaceURI ?? ""
        let role: GPXElementRole
        if let parent = stack.last {
            if namespace == gpxNamespace {
                role = .gpxElement(elementName, under: parent)
            } else {
                role = pending == nil ? .other : .extensionElement(elementName, namespace: namespace)
            }
        } else if elementName == "gpx", namespace.isEmpty || namespace.hasPrefix("http://www.topografix.com/GPX/") {
            role = .root
            gpxNamespace = namespace
            metadata.version = attributeDict["version"]
            metadata.creator = attributeDict["creator"]
        } else {
            let name = qName ?? elementName
            return fail(
                GPXDiagnostic(
                    kind: .notGPX, source: source, line: line, element: name,
                    message:
                        "not a GPX document: expected <gpx> in namespace \(GPX.namespace11), \(GPX.namespace10) or none, found namespace \"\(namespace)\""
                ))
        }
        stack.append(role)
        switch role {
        case .route:
            deliverMetadata()
            routeName = nil
            emit(.routeStarted)
        case .track:
            deliverMetadata()
            trackName = nil
            emit(.trackStarted)
        case .segment:
            emit(.segmentStarted)
        case .point(let kind):
            deliverMetadata()
            beginPoint(kind, element: qName ?? elementName, attributes: attributeDict)
        case .field:
            text = ""
            textBytes = 0
            fieldElement = qName ?? elementName
            fieldLine = line
        case .root, .metadata, .other:
            break
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard failure == nil, let role = stack.popLast() else { return }
        switch role {
        case .field(let field): apply(field, text: text)
        case .point: endPoint()
        case .route: emit(.routeEnded(name: routeName))
        case .track: emit(.trackEnded(name: trackName))
        case .root: deliverMetadata()
        case .metadata, .segment, .other: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        appendText(string)
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        appendText(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail(
            GPXDiagnostic(
                kind: .forbiddenDeclaration, source: source, line: line,
                message: "external entity \"\(name)\" refused"))
        return nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // An error after the input ended at a refused instruction comes from the cut: the refusal is the report.
        if failure == nil { fail(input.refusalAtEnd ?? malformed(code: (parseError as NSError).code, line: line)) }
    }

    private func appendText(_ string: String) {
        guard failure == nil, case .field = stack.last else { return }
        textBytes += string.utf8.count
        guard textBytes <= Self.maximumTextBytes else {
            return fail(
                GPXDiagnostic(
                    kind: .limitExceeded, source: source, line: fieldLine, element: fieldElement,
                    message: "text longer than \(Self.maximumTextBytes) bytes"))
        }
        text += string
    }

    func setDocumentName(_ name: String?) { metadata.name = name }
    func setDocumentTime(_ time: Date?) { metadata.time = time }
}
