/// The check that keeps processing instructions without data away from the XML parser.
///
/// libxml2 reports `<?target?>`, a target followed directly by `?>` (XML 1.0 §2.6 allows it), with a NULL
/// data pointer, and swift-corelibs-foundation 6.3.1's `XMLParser` hands that pointer to `strlen`: a SIGSEGV
/// for such an instruction in the prolog, in the body or after the root element (found by fuzzing,
/// Docs/Fuzzing.md). An instruction with whitespace after its target (`<?xml-stylesheet href="s.xsl"?>`,
/// even `<?a ?>`) arrives with non-NULL data and is harmless.
///
/// The scanner sees every byte before the parser does, one byte at a time so that read boundaries do not
/// matter, and refuses an instruction with no XML whitespace between `<?` and its `?>`. That covers every
/// crashing shape and otherwise only instructions libxml2 rejects anyway (`<??>`, `<?a?b?>`). `<?` inside
/// a comment, a CDATA section or another instruction's data is text and is ignored. ``safeEnd`` tells how
/// many bytes may go to the parser: everything scanned, except an instruction whose target is still open.
struct GPXInstructionScanner {
    /// The longest target held back while undecided; a longer one is refused (bounded memory).
    static let maximumTargetBytes = 1024

    /// Where the scanner stands in the markup.
    private enum State {
        case text
        /// After `<`.
        case lessThan
        /// After `<!`.
        case markupDeclaration
        /// After `<!-`.
        case commentOpening
        /// After `<![` and `matched` bytes of `CDATA[`.
        case cdataOpening(matched: Int)
        /// Inside `<!-- -->`, after `dashes` (0...2) dashes.
        case comment(dashes: Int)
        /// Inside `<![CDATA[ ]]>`, after `brackets` (0...2) closing brackets.
        case cdata(brackets: Int)
        /// After `<?` and no whitespace yet.
        case target(afterQuestionMark: Bool)
        /// After the whitespace that ends an instruction's target.
        case data(afterQuestionMark: Bool)
    }

    private static let cdataKeyword = Array("CDATA[".utf8)
    /// The most target bytes quoted in a diagnostic.
    private static let quotedTargetBytes = 64

    private let source: String
    private var state = State.text
    /// Bytes scanned so far.
    private(set) var offset = 0
    private var line = 1
    /// The offset and line of the `<` of markup that may still turn out to be a refused instruction.
    private var pending: (offset: Int, line: Int)?
    /// The first bytes of the open instruction's target, for the diagnostic.
    private var target: [UInt8] = []

    /// Creates a scanner at the start of a document named `source` in diagnostics.
    init(source: String) {
        self.source = source
    }

    /// The number of leading bytes that may be handed to the parser.
    ///
    /// All bytes scanned, except from the `<` of an instruction not yet decided; after a refusal, the bytes
    /// before the refused instruction.
    var safeEnd: Int { pending?.offset ?? offset }

    /// Scans the next bytes of the document.
    ///
    /// Text, which is most of a document (tags included: only `<` matters there), is skipped in a tight
    /// loop; markup goes through the single-byte `scan(_:)`.
    ///
    /// - Throws: As the single-byte `scan(_:)`.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(GPXDiagnostic) {
        var index = 0
        while index < bytes.count {
            if case .text = state {
                let start = index
                var newlines = 0
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                    if bytes[index] == 0x0A { newlines += 1 }
                    index += 1
                }
                offset += index - start
                line += newlines
                if index == bytes.count { return }
            }
            try scan(bytes[index])
            index += 1
        }
    }

    /// Scans the next byte of the document.
    ///
    /// - Throws: ``GPXDiagnostic`` of kind `forbiddenDeclaration` at the `>` of an instruction without data,
    ///   or `limitExceeded` when a target grows past ``maximumTargetBytes``. Scan no further bytes after that.
    mutating func scan(_ byte: UInt8) throws(GPXDiagnostic) {
        let isWhitespace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        switch state {
        case .text, .lessThan, .markupDeclaration, .commentOpening, .cdataOpening:
            if byte == UInt8(ascii: "<") {
                begin()
            } else {
                state = Self.markupState(after: state, byte)
                if case .target = state { target = [] }
            }
        case .comment(let dashes):
            if byte == UInt8(ascii: "-") {
                state = .comment(dashes: min(dashes + 1, 2))
            } else {
                state = byte == UInt8(ascii: ">") && dashes == 2 ? .text : .comment(dashes: 0)
            }
        case .cdata(let brackets):
            if byte == UInt8(ascii: "]") {
                state = .cdata(brackets: min(brackets + 1, 2))
            } else {
                state = byte == UInt8(ascii: ">") && brackets == 2 ? .text : .cdata(brackets: 0)
            }
        case .target(let afterQuestionMark):
            if isWhitespace {
                state = .data(afterQuestionMark: false)
            } else if byte == UInt8(ascii: ">") && afterQuestionMark {
                throw refusal()
            } else {
                state = .target(afterQuestionMark: byte == UInt8(ascii: "?"))
                if target.count < Self.quotedTargetBytes + 2 { target.append(byte) }
                if let pending, offset - pending.offset >= Self.maximumTargetBytes + 2 {
                    throw GPXDiagnostic(
                        kind: .limitExceeded, source: source, line: pending.line,
                        message: "processing instruction target longer than \(Self.maximumTargetBytes) bytes")
                }
            }
        case .data(let afterQuestionMark):
            state =
                byte == UInt8(ascii: ">") && afterQuestionMark
                ? .text : .data(afterQuestionMark: byte == UInt8(ascii: "?"))
        }
        if case .target = state {} else if case .lessThan = state {} else { pending = nil }
        offset += 1
        if byte == 0x0A { line += 1 }
    }

    /// Marks the end of the document: bytes still held back may go to the parser, which reports them.
    mutating func finish() {
        pending = nil
    }

    /// The state after `byte` (not `<`) at the start of markup or in text.
    private static func markupState(after state: State, _ byte: UInt8) -> State {
        switch (state, byte) {
        case (.lessThan, UInt8(ascii: "?")): .target(afterQuestionMark: false)
        case (.lessThan, UInt8(ascii: "!")): .markupDeclaration
        case (.markupDeclaration, UInt8(ascii: "-")): .commentOpening
        case (.markupDeclaration, UInt8(ascii: "[")): .cdataOpening(matched: 0)
        case (.commentOpening, UInt8(ascii: "-")): .comment(dashes: 0)
        case (.cdataOpening(let matched), _) where byte == cdataKeyword[matched]:
            matched + 1 == cdataKeyword.count ? .cdata(brackets: 0) : .cdataOpening(matched: matched + 1)
        default: .text
        }
    }

    /// Starts markup at the `<` being scanned, holding it back until its kind is known.
    private mutating func begin() {
        state = .lessThan
        pending = (offset, line)
    }

    /// The diagnostic for the instruction without data that ends at the byte being scanned.
    private func refusal() -> GPXDiagnostic {
        let name = target.dropLast()  // The "?" before the ">".
        let quoted =
            String(decoding: name.prefix(Self.quotedTargetBytes), as: UTF8.self)
            + (name.count > Self.quotedTargetBytes ? "…" : "")
        return GPXDiagnostic(
            kind: .forbiddenDeclaration, source: source, line: pending?.line,
            message:
                "processing instruction <?\(quoted)?> has no data after its target; refused because XMLParser crashes on it"
        )
    }
}
