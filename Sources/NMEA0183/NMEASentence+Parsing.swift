extension NMEASentence {
    /// A reason a line is not an acceptable sentence, with the detail for a diagnostic.
    public struct ParseError: Error, Sendable, Hashable {
        /// Why the sentence was rejected.
        public var reason: NMEARejectionReason
        /// A human-readable detail, for example `checksum is 4F, computed 4E`; never the sentence's own text.
        public var detail: String
        /// The offending text (an address, checksum digits), shown only with
        /// ``NMEADecoderOptions/includesFieldValues``; nil when there is none.
        public var foundValue: String?
    }

    /// Parses one sentence: start character, address, fields and checksum.
    ///
    /// The text runs from `$`/`!` to the end of the checksum; trailing CR, LF and spaces are ignored.
    /// The checksum is the XOR of the bytes between the start character and `*`, written as two
    /// hexadecimal digits in either case (NMEA 0183 v4.11 §5.2.1.3).
    ///
    /// - Parameters:
    ///   - text: the sentence bytes.
    ///   - line: the input line number to record.
    ///   - acceptsMissingChecksum: accept a sentence without `*hh`.
    /// - Throws: ``ParseError`` with reason `missingChecksum`, `malformedChecksum`, `checksumMismatch`,
    ///   `invalidCharacter` or `invalidAddress`.
    public init<Bytes: Collection<UInt8>>(
        parsing text: Bytes, line: Int = 1,
        acceptsMissingChecksum: Bool = false
    ) throws(ParseError) {
        self.init()
        try Array(text).withUnsafeBufferPointer { (bytes) throws(ParseError) in
            try reparse(bytes, line: line, acceptsMissingChecksum: acceptsMissingChecksum)
        }
    }

    /// Parses one sentence in memory into this value, reusing its storage; see
    /// ``init(parsing:line:acceptsMissingChecksum:)``.
    ///
    /// After a throw the value is meaningless until the next successful parse.
    mutating func reparse(_ text: UnsafeBufferPointer<UInt8>, line: Int, acceptsMissingChecksum: Bool)
        throws(ParseError)
    {
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, text.count)) {
            (commas) throws(ParseError) in
            assign(
                try NMEAFieldView.parse(
                    text, commas: commas, line: line, acceptsMissingChecksum: acceptsMissingChecksum))
        }
    }
}

extension NMEAFieldView {
    /// Parses one sentence: start character, address, fields and checksum, in one pass over `text`, or none when
    /// the framer made that pass (`body`).
    ///
    /// - Parameters:
    ///   - text: From `$`/`!` to the end of the line; trailing CR, LF and spaces are ignored.
    ///   - commas: Where the comma positions are written; at least `text.count` long. The view borrows it.
    ///   - line: The input line number to record.
    ///   - acceptsMissingChecksum: Accept a sentence without `*hh`.
    ///   - body: A scan of all of `text` after its start character, which it found plain (printable ASCII, no `$`
    ///     or `!`), with the positions of its commas in `commas`; nil to scan here.
    /// - Returns: A view of `text` and `commas`, valid as long as both are.
    /// - Throws: See ``NMEASentence/init(parsing:line:acceptsMissingChecksum:)``.
    static func parse(
        _ text: UnsafeBufferPointer<UInt8>, commas: UnsafeMutableBufferPointer<Int>, line: Int,
        acceptsMissingChecksum: Bool, body: SentenceBodyScan? = nil
    ) throws(NMEASentence.ParseError) -> NMEAFieldView {
        typealias ParseError = NMEASentence.ParseError
        var count = text.count
        while count > 0, text[count - 1] == 0x0D || text[count - 1] == 0x0A || text[count - 1] == 0x20 { count -= 1 }
        guard count > 0, text[0] == UInt8(ascii: "$") || text[0] == UInt8(ascii: "!") else {
            throw ParseError(reason: .invalidAddress, detail: "expected '$' or '!' at the start")
        }
        let trimmed = UnsafeBufferPointer(rebasing: text[0..<count])
        let checksum = try checksumField(trimmed, acceptsMissing: acceptsMissingChecksum)
        let star = checksum?.star
        let end = star ?? count
        // One pass, 8 bytes at a time: the checksum, the commas, and the first byte that does not belong in a sentence.
        var scan: SentenceBodyScan
        var invalid: UInt8?
        if var body {
            body.removeTail(of: text, from: end, commas: UnsafeBufferPointer(commas))
            scan = body
        } else {
            (scan, invalid) = scanBody(trimmed, end: end, commas: commas)
        }
        let commaCount = scan.commaCount
        if let checksum, checksum.value != scan.checksum {
            throw checksumMismatch(expected: checksum.value, computed: scan.checksum)
        }
        if let invalid {
            throw ParseError(reason: .invalidCharacter, detail: "byte 0x\(hex(invalid)) in the sentence")
        }
        let address = UnsafeBufferPointer(rebasing: trimmed[1..<(commaCount > 0 ? commas[0] : end)])
        var alphanumeric = true
        for byte in address { alphanumeric = alphanumeric && (byte &- 0x41 < 26 || byte &- 0x30 < 10) }
        guard alphanumeric, address.first.map({ $0 &- 0x41 < 26 }) == true,
            address.first == UInt8(ascii: "P") ? (2...15).contains(address.count) : address.count == 5
        else {
            throw ParseError(
                reason: .invalidAddress, detail: "expected a talker and sentence type like GPGGA",
                foundValue: String(decoding: address, as: UTF8.self))
        }
        let talkerLength = address[0] == UInt8(ascii: "P") ? 1 : 2
        return NMEAFieldView(
            bytes: UnsafeBufferPointer(rebasing: trimmed[0..<end]),
            commas: UnsafeBufferPointer(rebasing: commas[0..<commaCount]), line: line, hasChecksum: star != nil,
            talkerLength: talkerLength,
            typeCode: talkerLength == 2 && trimmed[0] == UInt8(ascii: "$")
                ? UInt32(address[2]) << 16 | UInt32(address[3]) << 8 | UInt32(address[4]) : 0)
    }

    /// The view of a sentence the framer scanned whole (`body`, see
    /// ``parse(_:commas:line:acceptsMissingChecksum:body:)``) in the usual form — `*hh` last, the checksum right, the
    /// address valid — or nil for anything else, which ``parse(_:commas:line:acceptsMissingChecksum:body:)`` then
    /// accepts or rejects with its reason.
    ///
    /// What that parse would return for such a sentence, without its general steps: no line end or space can follow
    /// `hh` (they are hexadecimal digits), and no comma lies in `*hh`, so the scan's commas are the sentence's. Small
    /// and inlined into the decoder, which then reads the view where it was built.
    @inline(__always)
    static func parseScanned(
        _ text: UnsafeBufferPointer<UInt8>, commas: UnsafeMutableBufferPointer<Int>, line: Int, body: SentenceBodyScan
    ) -> NMEAFieldView? {
        let count = text.count
        guard count >= 4, text[count - 3] == UInt8(ascii: "*"), let high = hexValue(text[count - 2]),
            let low = hexValue(text[count - 1]), text[0] == UInt8(ascii: "$") || text[0] == UInt8(ascii: "!"),
            body.checksum ^ UInt8(ascii: "*") ^ text[count - 2] ^ text[count - 1] == high << 4 | low
        else { return nil }
        let end = count - 3
        let commaCount = body.commaCount
        let addressEnd = commaCount > 0 ? commas[0] : end
        guard addressEnd >= 2, addressEnd <= end, let talkerLength = addressTalkerLength(text, end: addressEnd) else {
            return nil
        }
        return NMEAFieldView(
            bytes: UnsafeBufferPointer(rebasing: text[0..<end]),
            commas: UnsafeBufferPointer(rebasing: commas[0..<commaCount]), line: line, hasChecksum: true,
            talkerLength: talkerLength,
            typeCode: talkerLength == 2 && text[0] == UInt8(ascii: "$")
                ? UInt32(text[3]) << 16 | UInt32(text[4]) << 8 | UInt32(text[5]) : 0)
    }

    /// The talker length (1 for `P`, 2 otherwise) of a valid address `text[1..<end]` (letters and digits, a letter
    /// first; `P` and 1...14 more, or 5 in all), or nil.
    ///
    /// An address of up to eight characters (every standard one) is tested as one word, exactly per byte; a longer
    /// one byte by byte.
    @inline(__always)
    private static func addressTalkerLength(_ text: UnsafeBufferPointer<UInt8>, end: Int) -> Int? {
        var alphanumeric = true
        let length = end &- 1
        if length <= 8, text.count >= 9, let base = text.baseAddress {
            let highs: UInt64 = 0x8080_8080_8080_8080
            let ones: UInt64 = 0x0101_0101_0101_0101
            let kept: UInt64 = length == 8 ? ~0 : (1 &<< UInt64(8 &* length)) &- 1
            let bytes =
                UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: 1, as: UInt64.self))
                & kept
            let low7 = bytes & 0x7F7F_7F7F_7F7F_7F7F
            // Per byte, no carry between bytes: A...Z (0x41...0x5A) or 0...9 (0x30...0x39), and no high bit.
            let upper = (low7 &+ ones &* 0x3F) & ~(low7 &+ ones &* 0x25)
            let digit = (low7 &+ ones &* 0x50) & ~(low7 &+ ones &* 0x46)
            alphanumeric = (~(upper | digit) | bytes) & kept & highs == 0
        } else {
            for index in 1..<end {
                let byte = text[index]
                alphanumeric = alphanumeric && (byte &- 0x41 < 26 || byte &- 0x30 < 10)
            }
        }
        let first = text[1]
        guard alphanumeric, first &- 0x41 < 26 else { return nil }
        if first == UInt8(ascii: "P") { return (3...16).contains(end) ? 1 : nil }
        return end == 6 ? 2 : nil
    }

    /// The checksum and commas of `bytes[1..<end]` (positions written to `commas`, in order) and its first byte
    /// outside printable ASCII, if any: runs of plain bytes scanned 8 at a time, and each byte that ends one (`$`, `!`,
    /// a control or non-ASCII byte) added on its own.
    private static func scanBody(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, commas: UnsafeMutableBufferPointer<Int>)
        -> (SentenceBodyScan, invalid: UInt8?)
    {
        var scan = SentenceBodyScan()
        var invalid: UInt8?
        var index = scan.scanPlainRun(bytes, from: 1, to: end, origin: 0, commas: commas)
        while index < end {
            let byte = bytes[index]
            scan.add(byte)
            if invalid == nil, byte < 0x20 || byte > 0x7E { invalid = byte }
            index = scan.scanPlainRun(bytes, from: index + 1, to: end, origin: 0, commas: commas)
        }
        return (scan, invalid)
    }

    /// Where `*hh` starts and the checksum it says, after checking its form; nil when it is absent and allowed.
    private static func checksumField(_ bytes: UnsafeBufferPointer<UInt8>, acceptsMissing: Bool)
        throws(NMEASentence.ParseError) -> (star: Int, value: UInt8)?
    {
        typealias ParseError = NMEASentence.ParseError
        // The usual case first: `*hh` ends the sentence, so that star is the last one.
        let count = bytes.count
        if count >= 3, bytes[count - 3] == UInt8(ascii: "*"), let high = hexValue(bytes[count - 2]),
            let low = hexValue(bytes[count - 1])
        {
            return (count - 3, high << 4 | low)
        }
        guard let star = bytes.lastIndex(of: UInt8(ascii: "*")) else {
            if acceptsMissing { return nil }
            throw ParseError(reason: .missingChecksum, detail: "no '*hh' checksum at the end")
        }
        let digits = bytes[(star + 1)...]
        guard digits.count == 2, let high = hexValue(bytes[star + 1]), let low = hexValue(bytes[star + 2]) else {
            throw ParseError(
                reason: .malformedChecksum, detail: "expected two hexadecimal digits after '*'",
                foundValue: String(decoding: digits, as: UTF8.self))
        }
        return (star, high << 4 | low)
    }

    /// The error of a sentence whose `*hh` is not the XOR of the bytes between the start character and `*`; out of
    /// line, off ``parse(_:commas:line:acceptsMissingChecksum:body:)``'s path.
    ///
    /// Its detail, `checksum is 4F, computed 4E`, is written into one string at once: interpolated, it took four
    /// allocations, for each of a log's bad checksums (issue 30).
    @inline(never)
    private static func checksumMismatch(expected: UInt8, computed: UInt8) -> NMEASentence.ParseError {
        let template: StaticString = "checksum is ??, computed ??"
        let detail = template.withUTF8Buffer { template in
            String(unsafeUninitializedCapacity: template.count) { text in
                _ = text.initialize(from: template)
                writeHex(expected, into: text, at: 12)
                writeHex(computed, into: text, at: template.count - 2)
                return template.count
            }
        }
        return NMEASentence.ParseError(reason: .checksumMismatch, detail: detail)
    }

    /// Writes `byte` as two uppercase hexadecimal digits at `offset`.
    private static func writeHex(_ byte: UInt8, into text: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let digits: StaticString = "0123456789ABCDEF"
        digits.withUTF8Buffer { digits in
            text[offset] = digits[Int(byte >> 4)]
            text[offset + 1] = digits[Int(byte & 0x0F)]
        }
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// `byte` as two uppercase hexadecimal digits.
    private static func hex(_ byte: UInt8) -> String {
        String(unsafeUninitializedCapacity: 2) { text in
            writeHex(byte, into: text, at: 0)
            return 2
        }
    }
}
