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

    /// Consumes `bytes` from `index` until one byte completes an event; returns it with `index` just past that byte,
    /// or `nil` with `index` at the end.
    ///
    /// The same rules as ``push(_:)`` byte by byte, but runs of plain sentence characters are appended at once and
    /// the rest of a comment line is skipped at once.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Event? {
        let end = bytes.count
        while index < end {
            if inSentence {
                var stop = index
                while stop < end, Self.isPlain(bytes[stop]) { stop += 1 }
                if stop > index {
                    let room = capacity - buffer.count
                    guard stop - index <= room else {
                        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + room]))
                        index += room + 1
                        return reject(.tooLong)
                    }
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<stop]))
                    index = stop
                    continue
                }
            } else if lineIsComment {
                while index < end, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    keepComment(bytes[index])
                    index += 1
                }
                if index == end { return nil }
            }
            let byte = bytes[index]
            index += 1
            if let event = push(byte) { return event }
        }
        return nil
    }

    /// A byte a sentence takes as it is: printable ASCII other than the start characters.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "$") && byte != UInt8(ascii: "!")
    }

    /// Ends the input: an unterminated final sentence is handed out as complete.
    mutating func finish() -> Event? {
        endLine()
    }

    /// The sentence type of the current candidate, when its address is readable (`GGA` from `$GPGGA`).
    var candidateType: String? {
        guard buffer.count > 1 else { return nil }
        let address = buffer[1...].prefix { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "*") }
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
        let prefix = Array("# Date: ".utf8)
        guard comment.starts(with: prefix) else { return nil }
        let parts = comment[prefix.count...].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "T") }
            .split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
            let year = NMEASentence.parseDigits(parts[0]), let month = NMEASentence.parseDigits(parts[1]),
            let day = NMEASentence.parseDigits(parts[2])
        else { return nil }
        return NMEADate(year: year, month: month, day: day)
    }
}
