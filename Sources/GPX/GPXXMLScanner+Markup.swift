/// Comments, processing instructions, CDATA sections, the XML declaration, and the refusal of DTDs
/// (XML 1.0 §2.5, §2.6, §2.7, §2.8).
extension GPXXMLScanner {
    /// The encoding names read, upper-cased: UTF-8, ISO-8859-1 and US-ASCII under their common names.
    static let readableEncodings: [String: Encoding] = [
        "UTF-8": .utf8, "UTF8": .utf8, "ISO-8859-1": .latin1, "ISO_8859-1": .latin1, "ISO-LATIN-1": .latin1,
        "LATIN1": .latin1, "US-ASCII": .ascii, "ASCII": .ascii,
    ]

    /// Scans what follows `<!`: a comment, a CDATA section (in the root element), or a markup declaration, which
    /// is refused.
    mutating func scanDeclarationOrComment() throws(GPXDiagnostic) {
        guard let byte = try peek() else { throw malformed("the document ends after '<!'") }
        switch byte {
        case UInt8(ascii: "-"):
            position += 1
            guard try skip(UInt8(ascii: "-")) else { throw malformed("'<!-' does not start a comment ('<!--')") }
            try skipComment()
        case UInt8(ascii: "["):
            position += 1
            for expected in "CDATA[".utf8 {
                guard try skip(expected) else { throw malformed("'<![' does not start a CDATA section ('<![CDATA[')") }
            }
            guard phase == .content else { throw malformed("CDATA section outside the root element") }
            try scanCDATA()
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            throw GPXDiagnostic(
                kind: .forbiddenDeclaration, source: source, line: tagLine,
                message:
                    "document type declarations (<!DOCTYPE, <!ENTITY) are refused: DTDs and entities are never processed"
            )
        default:
            throw malformed("'<!' must start a comment or a CDATA section")
        }
    }

    /// Skips a comment after its `<!--`: `'<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'`, so the first `--`
    /// must be the end, `-->`.
    private mutating func skipComment() throws(GPXDiagnostic) {
        let startLine = tagLine
        while true {
            var index = position
            let end = limit
            while index < end {
                let byte = buffer[index]
                guard byte != UInt8(ascii: "-"), byte >= 0x20, byte < 0x80 else { break }
                index += 1
            }
            position = index
            if index == end, !(try ensure(1)) {
                throw malformed("the comment opened on line \(startLine) is not closed ('-->')")
            }
            if buffer[position] == UInt8(ascii: "-") {
                if try ensure(2), buffer[position + 1] == UInt8(ascii: "-") {
                    guard try ensure(3), buffer[position + 2] == UInt8(ascii: ">") else {
                        throw malformed("'--' inside the comment opened on line \(startLine)")
                    }
                    position += 3
                    return
                }
                position += 1
            } else {
                try skipCharacter()
            }
        }
    }

    /// Skips one character, a tab or a line end, or a non-ASCII character, after checking it.
    private mutating func skipCharacter() throws(GPXDiagnostic) {
        let byte = buffer[position]
        if byte == 0x0A || byte == 0x0D {
            try consumeLineEndOrByte()
        } else {
            position += try character().length
        }
    }

    /// Scans a CDATA section after its `<![CDATA[` up to `]]>`, collecting it when ``collectsText`` is set.
    private mutating func scanCDATA() throws(GPXDiagnostic) {
        let startLine = tagLine
        while true {
            guard let byte = try peek() else {
                throw malformed("the CDATA section opened on line \(startLine) is not closed (']]>')")
            }
            if byte == UInt8(ascii: "]"), try ensure(3), buffer[position + 1] == UInt8(ascii: "]"),
                buffer[position + 2] == UInt8(ascii: ">")
            {
                position += 3
                return
            }
            if byte >= 0x20, byte < 0x80 {
                position += 1
                if collectsText { try collect(scalar: UInt32(byte)) }
            } else if byte == 0x0A || byte == 0x0D {
                let meant = try consumeLineEndOrByte()
                if collectsText { try collect(scalar: UInt32(meant)) }
            } else {
                let (scalar, length) = try character()
                position += length
                if collectsText { try collect(scalar: scalar) }
            }
        }
    }

    /// Scans a processing instruction after its `<?` (`'<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>'`);
    /// at the very start of the document, `<?xml ` begins the XML declaration instead.
    mutating func scanProcessingInstruction(atDocumentStart: Bool) throws(GPXDiagnostic) {
        let startLine = tagLine
        tagCount = 0
        let colon = try scanName(qualified: false)
        let target = String(decoding: tagBytes(0..<tagCount), as: UTF8.self)
        guard colon == nil else { throw malformed("processing instruction target \(target) has a colon") }
        if target.lowercased() == "xml" {
            guard atDocumentStart, target == "xml" else {
                throw malformed("the XML declaration (<?xml ...?>) may only stand at the start of the document")
            }
            return try scanXMLDeclaration()
        }
        if try skip(UInt8(ascii: "?")) {
            guard try skip(UInt8(ascii: ">")) else { throw malformed("expected '>' after '?' in <?\(target)") }
            return
        }
        guard try skipWhitespace() else { throw malformed("expected white space or '?>' after <?\(target)") }
        while true {
            guard let byte = try peek() else {
                throw malformed("the processing instruction opened on line \(startLine) is not closed ('?>')")
            }
            if byte == UInt8(ascii: "?"), try ensure(2), buffer[position + 1] == UInt8(ascii: ">") {
                position += 2
                return
            }
            if byte >= 0x20, byte < 0x80 { position += 1 } else { try skipCharacter() }
        }
    }

    /// Scans the XML declaration after `<?xml`:
    /// `VersionInfo EncodingDecl? SDDecl? S? '?>'`, and switches to the encoding it names.
    private mutating func scanXMLDeclaration() throws(GPXDiagnostic) {
        let order = ["version", "encoding", "standalone"]
        var lastRank = -1
        while true {
            let spaced = try skipWhitespace()
            if try skip(UInt8(ascii: "?")) {
                guard try skip(UInt8(ascii: ">")) else { throw malformed("expected '?>' to end the XML declaration") }
                break
            }
            guard spaced else { throw malformed("expected white space or '?>' in the XML declaration") }
            tagCount = 0
            try scanName(qualified: false)
            let name = String(decoding: tagBytes(0..<tagCount), as: UTF8.self)
            guard let rank = order.firstIndex(of: name), rank > lastRank, lastRank >= 0 || rank == 0 else {
                throw malformed("unexpected \(name) in the XML declaration")
            }
            lastRank = rank
            let value = try scanDeclarationValue(name)
            switch name {
            case "version":
                guard value.hasPrefix("1."), value.count > 2, value.utf8.dropFirst(2).allSatisfy(\.isASCIIDigit) else {
                    throw malformed("XML version \"\(value)\" is not 1.x")
                }
            case "encoding":
                try useEncoding(named: value)
            default:
                guard value == "yes" || value == "no" else { throw malformed("standalone must be yes or no") }
            }
        }
        guard lastRank >= 0 else { throw malformed("the XML declaration has no version") }
    }

    /// Reads `S? '=' S? ("..." | '...')` in the XML declaration: a value of letters, digits, `.`, `_` and `-`.
    private mutating func scanDeclarationValue(_ name: String) throws(GPXDiagnostic) -> String {
        let quote = try scanEqualsAndOpeningQuote(after: "the XML declaration's ", 0..<tagCount)
        var value: [UInt8] = []
        while let byte = try peek(), byte != quote {
            let allowed =
                byte.isASCIILetterOrDigit || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
            guard allowed, value.count < 64 else { throw malformed("invalid \(name) in the XML declaration") }
            value.append(byte)
            position += 1
        }
        guard try skip(quote) else { throw malformed("the \(name) in the XML declaration is not closed") }
        return String(decoding: value, as: UTF8.self)
    }

    /// Switches to the encoding the declaration names, or refuses it.
    private mutating func useEncoding(named name: String) throws(GPXDiagnostic) {
        guard let first = name.utf8.first, first.isASCIILetter else {
            throw malformed("encoding name \"\(name)\" does not start with a letter")
        }
        guard let declared = Self.readableEncodings[name.uppercased()] else {
            throw GPXDiagnostic(
                kind: .unsupportedEncoding, source: source, line: line,
                message: "encoding \"\(name)\" is not supported; use UTF-8 or ISO-8859-1")
        }
        if sawByteOrderMark, declared != .utf8 {
            throw malformed("the document starts with a UTF-8 byte-order mark but declares encoding \"\(name)\"")
        }
        switch declared {
        case .latin1: switchToLatin1()
        case .ascii: encoding = .ascii
        case .utf8: break
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }

    fileprivate var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    fileprivate var isASCIILetterOrDigit: Bool { isASCIILetter || isASCIIDigit }
}
