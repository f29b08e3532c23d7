/// A streaming, namespace-aware XML 1.0 scanner that refuses DTDs by construction: the XML parser of the
/// ``GPXReader``.
///
/// It follows the productions of XML 1.0 (Fifth Edition) and Namespaces in XML 1.0 for documents without a
/// document type declaration, and reports any violation of them as `malformedXML`: a `<!DOCTYPE` (or any other
/// markup declaration) is refused as `forbiddenDeclaration` wherever it stands, and since no DTD is ever read,
/// no entity other than the five predefined ones exists (a reference to another is an error), so nothing is
/// ever expanded or fetched. What refuses DTDs is the parser itself, so it sees exactly what the parser sees.
/// Comments, processing instructions and CDATA sections are scanned by their productions, byte by byte,
/// however the reads cut the input.
///
/// Memory is bounded: a 64 KiB read buffer, at most ``maximumDepth`` open elements, start tags of at most
/// ``maximumTagBytes`` of names and values with at most ``maximumAttributes`` attributes, and collected text
/// of at most ``maximumTextBytes``. Everything else (text, comments, instructions) is scanned and dropped.
///
/// Encodings: UTF-8 (with or without a byte-order mark), and ISO-8859-1 or US-ASCII when the XML declaration
/// names them; anything else is `unsupportedEncoding`.
///
/// Pull-based: each ``next()`` scans up to the next element boundary. A value type so that its state is plain
/// stored properties (no dynamic exclusivity checks per byte), but its copies share one buffer: it lives in one
/// place, a ``GPXParseSession``. Not `Sendable`; one thread at a time.
struct GPXXMLScanner: ~Copyable {
    /// What ``next()`` found.
    enum Event {
        /// A start tag (or an empty-element tag, whose ``endElement`` follows): see ``localName``,
        /// ``elementNamespace`` and ``attribute(_:)``.
        case startElement
        /// The end of the innermost open element.
        case endElement
        /// The end of a well-formed document, or of an empty input (``sawRootElement`` tells).
        case endOfDocument
    }

    /// Where the scanner stands in the document (XML 1.0 §2.1, `document ::= prolog element Misc*`).
    enum Phase {
        /// At the first byte, where an XML declaration may stand.
        case start
        /// After the declaration, before the root element.
        case prolog
        /// Inside the root element.
        case content
        /// After the root element.
        case epilog
        /// The end was reported.
        case ended
    }

    /// The document's character encoding.
    enum Encoding {
        case utf8, latin1, ascii
    }

    /// One attribute of the current start tag: offsets in ``tag``.
    struct Attribute {
        var name: Range<Int>
        /// The offset of the colon in the name, for a prefixed name.
        var colon: Int?
        var value: Range<Int>
    }

    /// The most elements open at once; a deeper document is refused at once with `limitExceeded`.
    ///
    /// GPX needs 7 (`gpx`, `trk`, `trkseg`, `trkpt`, `extensions`, an extension element and its child); the rest
    /// is room for deeper extensions.
    static let maximumDepth = 48
    /// The most bytes of names and (decoded) values in one start tag.
    static let maximumTagBytes = 64 * 1024
    /// The most attributes (namespace declarations included) in one start tag.
    static let maximumAttributes = 128
    /// The most bytes of text collected for one element.
    static let maximumTextBytes = 16 * 1024
    /// The read buffer's size.
    static let bufferCapacity = 64 * 1024

    /// The document's name in diagnostics.
    let source: String
    let input: GPXXMLInput
    private let storage: Storage
    /// The bytes read and not yet scanned are `buffer[position..<limit]`.
    let buffer: UnsafeMutablePointer<UInt8>
    var position = 0
    var limit = 0
    var inputEnded = false
    /// The byte classes of ``GPXXMLCharacters``, at hand for the fast loops.
    let textClasses: UnsafePointer<UInt8>
    let attributeClasses: UnsafePointer<UInt8>
    let nameClasses: UnsafePointer<UInt8>
    /// Raw ISO-8859-1 bytes read before the declaration named the encoding, still to be converted.
    var unconverted: [UInt8] = []
    /// Where raw ISO-8859-1 bytes are read before conversion (half a buffer: each becomes at most two).
    let latin1Bytes: UnsafeMutablePointer<UInt8>
    /// The line of the next byte (line ends: LF, CR LF and CR, as XML 1.0 §2.11 normalises them).
    var line = 1
    var encoding = Encoding.utf8
    var phase = Phase.start
    /// Whether the document starts with a UTF-8 byte-order mark.
    var sawByteOrderMark = false
    /// Whether the document had a root element.
    var sawRootElement = false

    /// The qualified names of the open elements, one after another: `openNames[0..<openNamesCount]` (the
    /// storage's buffer, which moves when it grows).
    var openNames: UnsafeMutablePointer<UInt8>
    var openNamesCount = 0
    var openNameCapacity: Int
    /// Where each open element's name starts in ``openNames``: `openNameStarts[0..<depth]`.
    let openNameStarts: UnsafeMutablePointer<Int>
    /// The line of each open element's start tag: `openLines[0..<depth]`.
    let openLines: UnsafeMutablePointer<Int>
    /// The depth of the innermost open element (1 for the root, 0 outside the root).
    private(set) var depth = 0
    /// Whether the last start tag was an empty-element tag, whose end is reported next.
    var emptyElementEnds = false

    /// The current tag: its name (`tag[elementName]`), then, for a start tag, its attributes' names and values.
    let tag: UnsafeMutablePointer<UInt8>
    var tagCount = 0
    var elementName = 0..<0
    var elementColon: Int?
    let attributes: UnsafeMutablePointer<Attribute>
    var attributeCount = 0
    /// The line of the current tag's `<`.
    var tagLine = 1
    /// The namespace bindings in scope.
    var namespaces = GPXXMLNamespaces()
    /// The namespace of the current element.
    var elementNamespace = GPXXMLNamespaces.Binding.none

    /// Whether character data and CDATA sections are collected into ``text`` (set by the reader for the
    /// elements whose text it reads).
    var collectsText = false
    /// The text collected, line ends normalised and references replaced: `textBytes[0..<textCount]`.
    let textBytes: UnsafeMutablePointer<UInt8>
    var textCount = 0

    /// Scans the document that `input` delivers.
    init(_ input: GPXXMLInput) {
        self.input = input
        source = input.name
        storage = Storage()
        buffer = storage.buffer
        textClasses = UnsafePointer(storage.textClasses)
        attributeClasses = UnsafePointer(storage.attributeClasses)
        nameClasses = UnsafePointer(storage.nameClasses)
        latin1Bytes = storage.latin1Bytes
        tag = storage.tag
        attributes = storage.attributes
        textBytes = storage.text
        openNames = storage.openNames
        openNameCapacity = storage.openNameCapacity
        openNameStarts = storage.openNameStarts
        openLines = storage.openLines
    }

    /// The bytes of the current tag at `range`; valid until the next call of ``next()``.
    @inline(__always)
    func tagBytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: tag + range.lowerBound, count: range.count)
    }

    /// The current element's local name (its name without a prefix); valid until the next call of ``next()``.
    @inline(__always)
    var localName: UnsafeBufferPointer<UInt8> {
        tagBytes((elementColon.map { $0 + 1 } ?? elementName.lowerBound)..<elementName.upperBound)
    }

    /// The current tag's qualified name as written, such as `gpxtpx:speed`; at an ``Event/endElement``, the name
    /// of the element that ended.
    var qualifiedName: String { String(decoding: tagBytes(elementName), as: UTF8.self) }

    /// The value of the current start tag's attribute without prefix named `name`; valid until the next call of
    /// ``next()``.
    @inline(__always)
    func attribute(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for index in 0..<attributeCount {
            let attribute = attributes[index]
            if attribute.colon == nil, GPXXMLCharacters.equal(tagBytes(attribute.name), wanted) {
                return tagBytes(attribute.value)
            }
        }
        return nil
    }

    /// The text collected; valid until the next call of ``next()``.
    @inline(__always)
    var text: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: textBytes, count: textCount) }

    /// The name of the innermost open element.
    var openElementName: String {
        String(decoding: openName, as: UTF8.self)
    }

    /// The bytes of the innermost open element's name (empty outside the root).
    @inline(__always)
    var openName: UnsafeBufferPointer<UInt8> {
        let start = depth > 0 ? openNameStarts[depth - 1] : 0
        return UnsafeBufferPointer(start: openNames + start, count: openNamesCount - start)
    }

    /// The line of the innermost open element's start tag, or `nil` outside the root.
    var openLine: Int? { depth > 0 ? openLines[depth - 1] : nil }

    /// Records the current start tag's element as the innermost open one.
    @inline(__always)
    mutating func openElement() {
        let name = tagBytes(elementName)
        if openNamesCount + name.count > openNameCapacity {
            openNames = storage.growOpenNames(toHold: openNamesCount + name.count)
            openNameCapacity = storage.openNameCapacity
        }
        openNameStarts[depth] = openNamesCount
        openLines[depth] = tagLine
        depth += 1
        if let start = name.baseAddress { (openNames + openNamesCount).update(from: start, count: name.count) }
        openNamesCount += name.count
    }

    /// Scans to the next element boundary or the end of the document.
    ///
    /// - Throws: ``GPXDiagnostic``: `malformedXML`, `forbiddenDeclaration`, `unsupportedEncoding`,
    ///   `limitExceeded`, or `io`.
    mutating func next() throws(GPXDiagnostic) -> Event {
        if emptyElementEnds {
            emptyElementEnds = false
            closeElement()
            return .endElement
        }
        while true {
            let found: Bool
            switch phase {
            case .content:
                // No text before the next tag (`</ele><time>`, half the calls in a track) needs no scan.
                if position < limit, buffer[position] == UInt8(ascii: "<") {
                    position += 1
                    found = true
                } else {
                    found = try scanCharacterData()
                }
            case .start, .prolog, .epilog: found = try skipWhitespaceOutsideRoot()
            case .ended: return .endOfDocument
            }
            guard found else {
                if phase == .content {
                    throw malformed(
                        "the document ends before </\(openElementName)> (opened on line \(openLine ?? 1))")
                }
                phase = .ended
                return .endOfDocument
            }
            tagLine = line
            if let event = try scanMarkup() { return event }
        }
    }

    /// Scans what follows a `<`; an event for a tag, `nil` for a comment, instruction or CDATA section.
    private mutating func scanMarkup() throws(GPXDiagnostic) -> Event? {
        let isStart = phase == .start
        if phase == .start { phase = .prolog }
        guard let byte = try peek() else { throw malformed("the document ends after '<'") }
        switch byte {
        case UInt8(ascii: "/"):
            position += 1
            guard phase == .content else { throw malformed("closing tag outside the root element") }
            try scanEndTag()
            return .endElement
        case UInt8(ascii: "?"):
            position += 1
            try scanProcessingInstruction(atDocumentStart: isStart)
            return nil
        case UInt8(ascii: "!"):
            position += 1
            try scanDeclarationOrComment()
            return nil
        default:
            guard phase != .epilog else { throw malformed("extra content after the root element") }
            try scanStartTag()
            if phase == .prolog {
                phase = .content
                sawRootElement = true
            }
            return .startElement
        }
    }

    /// Removes the innermost open element and its namespace bindings; after the root, the epilog begins.
    @inline(__always)
    mutating func closeElement() {
        namespaces.pop(depth: depth)
        depth -= 1
        openNamesCount = openNameStarts[depth]
        if depth == 0 { phase = .epilog }
    }

    // MARK: Diagnostics

    /// A `malformedXML` diagnostic at the current line.
    func malformed(_ reason: String) -> GPXDiagnostic {
        GPXDiagnostic(kind: .malformedXML, source: source, line: line, message: "XML is not well-formed: \(reason)")
    }

    /// A `limitExceeded` diagnostic at `line` (the current line by default).
    func limitExceeded(_ reason: String, line: Int? = nil, element: String? = nil) -> GPXDiagnostic {
        GPXDiagnostic(kind: .limitExceeded, source: source, line: line ?? self.line, element: element, message: reason)
    }

    /// `value` in upper-case hexadecimal, zero-padded to `digits`.
    func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
