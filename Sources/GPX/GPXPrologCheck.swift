/// The check that keeps DTDs away from the XML parser.
///
/// A document type declaration, and with it every entity declaration, may only appear in the
/// prolog, before the root element (XML 1.0 §2.8). GPX never needs one, so the prolog is scanned
/// before parsing and any `<!DOCTYPE` (or other `<!` markup declaration outside a comment) is
/// refused. This makes external entities (XXE) and entity expansion (billion laughs) impossible
/// whatever the libxml2 version does with them.
enum GPXPrologCheck {
    /// The most prolog bytes scanned; a longer prolog is refused rather than read unboundedly.
    static let maximumPrologBytes = 64 * 1024

    /// Checks the first bytes of a document.
    ///
    /// - Parameters:
    ///   - bytes: The document's first bytes (at most ``maximumPrologBytes`` are needed).
    ///   - isWholeDocument: Whether `bytes` is the entire document.
    /// - Throws: ``GPXDiagnostic`` of kind `forbiddenDeclaration`, `unsupportedEncoding` or `limitExceeded`.
    static func check(_ bytes: [UInt8], isWholeDocument: Bool, source: String) throws {
        func fail(_ kind: GPXDiagnostic.Kind, at offset: Int, _ message: String) -> GPXDiagnostic {
            let line = 1 + bytes[..<min(offset, bytes.count)].count(where: { $0 == UInt8(ascii: "\n") })
            return GPXDiagnostic(kind: kind, source: source, line: line, message: message)
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0, 0]) {
            throw fail(.unsupportedEncoding, at: 0, "UTF-16 and UTF-32 documents are not supported; use UTF-8 or ISO-8859-1")
        }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while true {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            if !isWholeDocument, bytes.count - index < 16 { break } // A declaration could be cut off here.
            let rest = bytes[index...]
            if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!--".utf8)) {
                let terminator = Array((rest.starts(with: Array("<?".utf8)) ? "?>" : "-->").utf8)
                guard let end = firstRange(of: terminator, in: bytes, from: index + 2) else { break }
                index = end
            } else if rest.starts(with: Array("<!".utf8)) {
                throw fail(.forbiddenDeclaration, at: index,
                           "document type declarations (<!DOCTYPE, <!ENTITY) are refused: DTDs and entities are never processed")
            } else {
                return // The root element, or text the XML parser will reject.
            }
        }
        if !isWholeDocument {
            throw fail(.limitExceeded, at: bytes.count, "prolog longer than \(maximumPrologBytes) bytes before the root element")
        }
    }

    /// The offset just past the first occurrence of `needle` at or after `start`.
    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index + needle.count }
            index += 1
        }
        return nil
    }
}
