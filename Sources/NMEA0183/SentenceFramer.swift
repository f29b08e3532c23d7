/// Cuts a byte stream into candidate sentences: `$`/`!` to end of line, bounded in length.
///
/// A start character inside a sentence cuts the previous one short (it is rejected as truncated and
/// framing restarts there), so merged sentences such as `$GPGGA,030130$GPGLL,...` resynchronise.
/// Bytes outside a sentence (JSON, leading spaces, binary garbage) are skipped; a line that held
/// nothing but such bytes is reported once. A line whose first non-blank byte is `#` is a comment
/// (the gpsfake log convention) and is skipped whole, even if it contains `$`; a comment `# Date: yyyy-mm-dd` (the
/// date gpsd's regression logs were recorded) is reported. CR, LF or CR LF end a sentence and a line.
struct SentenceFramer: Sendable {
    /// What one byte completed.
    enum Event: Equatable {
        /// ``buffer`` holds a complete candidate sentence that started on ``sentenceLine``.
        case sentence
        /// A candidate was dropped; ``rejectedLine`` and ``rejectedType`` describe it.
        case rejected(NMEARejectionReason)
        /// A line without any sentence ended.
        case skippedLine
        /// A `# Date: yyyy-mm-dd` comment line ended.
        case dateComment(NMEADate)
    }

    /// How many bytes of a comment line are kept to recognise `# Date: yyyy-mm-dd`.
    private static let commentPrefixLength = 24

    /// The bytes of the current or just-completed candidate, from the start character, without line ending.
    private(set) var buffer: [UInt8] = []
    /// The 1-based line the current candidate started on.
    private(set) var sentenceLine = 1
    /// The line and sentence type of the last rejected candidate.
    private(set) var rejectedLine = 1
    private(set) var rejectedType: String?
    private var line = 1
    private var inSentence = false
    private var lineHasForeignBytes = false
    private var lineHadSentence = false
    private var lineIsComment = false
    /// The first bytes of the current comment line, from its `#`.
    private var commentPrefix: [UInt8] = []
    /// Whether the last byte was a CR, so that a LF right after it ends no second line.
    private var afterCarriageReturn = false
    /// During ``scan(_:from:)``: where the current candidate starts in the scanned bytes, while it has not been
    /// copied to ``buffer`` (it is copied only when it runs past the end of the scanned bytes, or is rejected).
    private var pendingStart: Int?
    /// Where the sentence the last `.sentence` event completed lies in the scanned bytes; nil when it is in
    /// ``buffer`` (it began in an earlier chunk, or came through ``push(_:)``).
    private(set) var completedRange: Range<Int>?
    /// The checksum and commas of the current candidate's bytes after its start character, as far as
    /// ``scan(_:from:commas:)`` read them; describes the whole sentence of ``completedRange`` (positions counted from
    /// its start character), and nothing that can be relied on otherwise.
    private(set) var body = SentenceBodyScan()
    private let capacity: Int

    /// - Parameter maximumSentenceLength: the longest sentence, counted with CR LF.
    init(maximumSentenceLength: Int) {
        capacity = max(12, maximumSentenceLength) - 2
        buffer.reserveCapacity(capacity)
    }

    /// Consumes one byte; returns what it completed, if anything.
    mutating func push(_ byte: UInt8) -> Event? {
        let endsCarriageReturnLine = afterCarriageReturn && byte == UInt8(ascii: "\n")
        afterCarriageReturn = byte == UInt8(ascii: "\r")
        if lineIsComment, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            keepComment(byte)
            return nil
        }
        switch byte {
        case UInt8(ascii: "#") where !inSentence && !lineHasForeignBytes && !lineHadSentence:
            lineIsComment = true
            lineHasForeignBytes = true
            commentPrefix.removeAll(keepingCapacity: true)
            keepComment(byte)
            return nil
        case UInt8(ascii: "$"), UInt8(ascii: "!"):
            let event = inSentence && buffer.count > 1 ? reject(.truncated) : nil
            begin(byte)
            return event
        case UInt8(ascii: "\n") where endsCarriageReturnLine:
            return nil  // the LF of a CR LF: the CR ended the line
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            defer { line += 1 }
            return endLine()
        default:
            guard inSentence else {
                if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { lineHasForeignBytes = true }
                return nil
            }
            if byte < 0x20 || byte > 0x7E { return reject(.invalidCharacter) }
            if buffer.count >= capacity { return reject(.tooLong) }
            buffer.append(byte)
            return nil
        }
    }

    /// How many comma positions ``scan(_:from:commas:)`` may write: one more than the longest candidate.
    var commaCapacity: Int { capacity + 1 }

    /// Consumes `bytes` from `index` until one byte completes an event; returns it with `index` just past that byte,
    /// or `nil` with `index` at the end.
    ///
    /// The same rules as ``push(_:)`` byte by byte, but runs of plain sentence characters are appended at once and
    /// the rest of a comment line is skipped at once. While it looks for the end of a candidate, it computes its
    /// checksum and finds its commas (``body``), writing their positions to `commas`, at least ``commaCapacity``
    /// long: for a sentence that it completes in place (``completedRange``), the parser need not read it again.
    mutating func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, commas: UnsafeMutableBufferPointer<Int>
    ) -> Event? {
        let end = bytes.count
        completedRange = nil
        defer {
            // A candidate that runs past these bytes continues in ``buffer``.
            if let start = pendingStart {
                buffer.replaceSubrange(buffer.indices, with: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                pendingStart = nil
            }
        }
        while index < end {
            if inSentence {
                // Where the candidate starts, in these bytes' positions (before them when it began earlier).
                let origin = pendingStart ?? index - buffer.count
                let room = capacity - (index - origin)
                let stop = body.scanPlainRun(
                    bytes, from: index, to: min(end, index + room + 1), origin: origin, commas: commas)
                guard stop - index <= room else {
                    if pendingStart != nil {
                        materialize(bytes, upTo: index + room)
                    } else {
                        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + room]))
                    }
                    index += room + 1
                    return reject(.tooLong)
                }
                if pendingStart == nil, stop > index {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<stop]))
                }
                index = stop
                if index == end { return nil }
                // The byte at `index` is not plain.
                if let start = pendingStart {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                        // The candidate ends in these bytes: hand them out without copying. What `push` does with a
                        // line end inside a sentence (no CR can precede it there: a start character cleared it).
                        pendingStart = nil
                        completedRange = start..<index
                        index += 1
                        afterCarriageReturn = byte == UInt8(ascii: "\r")
                        if afterCarriageReturn, index < end, bytes[index] == UInt8(ascii: "\n") {
                            // The LF of a CR LF, taken now as the next call would take it first: the CR ended the line.
                            afterCarriageReturn = false
                            index += 1
                        }
                        line += 1
                        inSentence = false
                        lineHasForeignBytes = false
                        lineHadSentence = false
                        return .sentence
                    }
                    materialize(bytes, upTo: index)
                }
            } else if lineIsComment {
                // The rest of the comment line: its first bytes kept at once, as `keepComment` keeps them one by one.
                let start = index
                while index < end, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    index += 1
                }
                let room = Self.commentPrefixLength - commentPrefix.count
                if room > 0, index > start {
                    commentPrefix.append(
                        contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<min(index, start + room)]))
                }
                if index == end { return nil }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n"), afterCarriageReturn {
                // The LF of a CR LF, as `push` takes it: the CR ended the line (and any comment on it).
                afterCarriageReturn = false
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n"), !inSentence, !lineIsComment,
                !lineHasForeignBytes, !lineHadSentence
            {
                // The end of a blank line, as `push` takes it: nothing to report, nothing to reset.
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                line += 1
                index += 1
                continue
            }
            if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "!"), !lineIsComment {
                // What `push` does with a start character, except that the new candidate stays in place.
                afterCarriageReturn = false
                let event = inSentence && buffer.count > 1 ? reject(.truncated) : nil
                startCandidate()
                pendingStart = index
                index += 1
                if let event { return event }
                continue
            }
            if !inSentence, !lineIsComment, Self.isOrdinaryOutsideSentence(byte) {
                skipOutsideSentence(bytes, from: &index)
                continue
            }
            index += 1
            if let event = push(byte) { return event }
        }
        return nil
    }

    /// Takes the run of ordinary bytes outside a sentence that starts at `index` at once.
    ///
    /// A JSON line of a gpsd log, blanks before a sentence: `push` would take each of them and note no more than the
    /// line's foreign bytes (issue 30: a call of `push` per byte). Out of line, so that ``scan(_:from:commas:)`` stays
    /// as small as its usual path.
    @inline(never)
    private mutating func skipOutsideSentence(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) {
        var foreign = false
        while index < bytes.count, Self.isOrdinaryOutsideSentence(bytes[index]) {
            foreign = foreign || (bytes[index] != UInt8(ascii: " ") && bytes[index] != UInt8(ascii: "\t"))
            index += 1
        }
        if foreign { lineHasForeignBytes = true }
        afterCarriageReturn = false
    }

    /// Whether `push` takes `byte`, outside a sentence and a comment, as no more than a byte of the line: anything but
    /// a start character, a line end or `#` (which may open a comment).
    @inline(__always)
    private static func isOrdinaryOutsideSentence(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "$") && byte != UInt8(ascii: "!") && byte != UInt8(ascii: "\n")
            && byte != UInt8(ascii: "\r") && byte != UInt8(ascii: "#")
    }

    /// Copies the pending candidate, from its start up to `end`, into ``buffer``.
    private mutating func materialize(_ bytes: UnsafeBufferPointer<UInt8>, upTo end: Int) {
        guard let start = pendingStart else { return }
        buffer.replaceSubrange(buffer.indices, with: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        pendingStart = nil
    }

    /// Ends the input: an unterminated final sentence is handed out as complete.
    mutating func finish() -> Event? {
        endLine()
    }

    /// Takes ``buffer`` out (leaving it empty) for a caller to read while it changes other state;
    /// ``giveBack(_:)`` returns it so that its storage is reused.
    mutating func takeBuffer() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &buffer)
        return taken
    }

    /// Returns the buffer ``takeBuffer()`` took.
    mutating func giveBack(_ taken: [UInt8]) {
        buffer = taken
    }

    /// The sentence type of the current candidate, when its address is readable (`GGA` from `$GPGGA`).
    var candidateType: String? { Self.candidateType(of: buffer) }

    /// The sentence type of candidate bytes, when their address is readable (`GGA` from `$GPGGA`).
    static func candidateType<Bytes: Collection<UInt8>>(of bytes: Bytes) -> String? {
        guard bytes.count > 1 else { return nil }
        let address = bytes.dropFirst().prefix { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "*") }
        guard address.count == 5 else { return nil }
        return String(decoding: address.dropFirst(2), as: UTF8.self)
    }

    private mutating func reject(_ reason: NMEARejectionReason) -> Event {
        rejectedLine = sentenceLine
        rejectedType = candidateType
        inSentence = false
        return .rejected(reason)
    }

    private mutating func begin(_ byte: UInt8) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(byte)
        startCandidate()
    }

    /// Marks a candidate as started on the current line.
    private mutating func startCandidate() {
        body = SentenceBodyScan()
        inSentence = true
        lineHadSentence = true
        sentenceLine = line
    }

    private mutating func endSentence() -> Event? {
        guard inSentence else { return nil }
        inSentence = false
        return .sentence
    }

    private mutating func endLine() -> Event? {
        defer {
            lineHasForeignBytes = false
            lineHadSentence = false
            lineIsComment = false
        }
        if let event = endSentence() { return event }
        if lineIsComment, let date = Self.date(inComment: commentPrefix) { return .dateComment(date) }
        return lineHasForeignBytes && !lineHadSentence ? .skippedLine : nil
    }

    private mutating func keepComment(_ byte: UInt8) {
        if commentPrefix.count < Self.commentPrefixLength { commentPrefix.append(byte) }
    }

    /// The date of a `# Date: yyyy-m-d` comment (gpsd's regression-log header; gpsd reads the same prefix), or nil.
    static func date(inComment comment: [UInt8]) -> NMEADate? {
        // Compared with the prefix's bytes where they are: no allocation, no iterator, for each comment line of a log.
        let prefix: StaticString = "# Date: "
        let length = prefix.utf8CodeUnitCount
        guard comment.count >= length,
            prefix.withUTF8Buffer({ prefix in prefix.indices.allSatisfy { comment[$0] == prefix[$0] } })
        else { return nil }
        let parts = comment[length...].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "T") }
            .split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
            let year = NMEAFieldView.parseDigits(parts[0]), let month = NMEAFieldView.parseDigits(parts[1]),
            let day = NMEAFieldView.parseDigits(parts[2])
        else { return nil }
        return NMEADate(year: year, month: month, day: day)
    }
}
