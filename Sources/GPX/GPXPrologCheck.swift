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
    ///   - source: The document's name, for diagnostics.
    /// - Throws: ``GPXDiagnostic`` of kind `forbiddenDeclaration`, `unsupportedEncoding` or `limitExceeded`.
    static func check(_ bytes: [UInt8], isWholeDocument: Bool, source: String) throws {
        func fail(_ kind: GPXDiagnostic.Kind, at offset: Int, _ message: String) -> GPXDiagnostic {
            let line = 1 + bytes[..<min(offset, bytes.count)].count(where: { $0 == UInt8(ascii: "\n") })
            return GPXDiagnostic(kind: kind, source: source, line: line, message: message)
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0, 0])
        {
            throw fail(
                .unsupportedEncoding, at: 0, "UTF-16 and UTF-32 documents are not supported; use UTF-8 or ISO-8859-1")
        }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while true {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            if !isWholeDocument, bytes.count - index < 16 { break }  // A declaration could be cut off here.
            let rest = bytes[index...]
            if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!--".utf8)) {
                let terminator = Array((rest.starts(with: Array("<?".utf8)) ? "?>" : "-->").utf8)
                let end = firstRange(of: terminator, in: bytes, from: index + 2)
                // Checked even without "?>": libxml2 acts on the encoding before it reaches the end.
                if let encoding = declaredEncodings(bytes[index..<(end ?? bytes.count)]).first(where: {
                    !readableEncodings.contains($0.uppercased())
                }) {
                    throw fail(
                        .unsupportedEncoding, at: index,
                        "encoding \"\(encoding)\" is not supported; use UTF-8 or ISO-8859-1")
                }
                guard let end else { break }
                index = end
            } else if rest.starts(with: Array("<!".utf8)) {
                throw fail(
                    .forbiddenDeclaration, at: index,
                    "document type declarations (<!DOCTYPE, <!ENTITY) are refused: DTDs and entities are never processed"
                )
            } else {
                return  // The root element, or text the XML parser will reject.
            }
        }
        if !isWholeDocument {
            throw fail(
                .limitExceeded, at: bytes.count,
                "prolog longer than \(maximumPrologBytes) bytes before the root element")
        }
    }

    /// The declared encodings read, upper-cased: those libxml2 decodes itself or that map every byte.
    ///
    /// Any other name would reach libxml2's iconv path, and libxml2 2.9.14 (Debian 12) dereferences NULL in
    /// `xmlSwitchToEncoding` when iconv meets a byte it cannot convert (found by fuzzing, Docs/Fuzzing.md).
    static let readableEncodings: Set<String> = [
        "UTF-8", "UTF8", "ISO-8859-1", "ISO_8859-1", "ISO-LATIN-1", "LATIN1", "US-ASCII", "ASCII",
    ]

    /// The values of every `encoding="..."` in an XML declaration, or none for another instruction.
    ///
    /// The declaration is `<?xml version="1.0" encoding="..."?>` (XML 1.0 §4.3.3). Every occurrence is
    /// returned, so a name hidden in another attribute's value cannot mask the real declaration.
    private static func declaredEncodings(_ instruction: ArraySlice<UInt8>) -> [String] {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let text = Array(instruction)
        guard text.starts(with: Array("<?xml".utf8)), text.count > 5, whitespace.contains(text[5]) else { return [] }
        var encodings: [String] = []
        var searchFrom = 5
        while let name = firstRange(of: Array("encoding".utf8), in: text, from: searchFrom) {
            searchFrom = name
            var index = name
            while index < text.count, whitespace.contains(text[index]) { index += 1 }
            guard index < text.count, text[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < text.count, whitespace.contains(text[index]) { index += 1 }
            guard index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else {
                continue
            }
            let quote = text[index]
            encodings.append(String(decoding: text[(index + 1)...].prefix { $0 != quote }, as: UTF8.self))
        }
        return encodings
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
