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
        self = try Array(text).withUnsafeBufferPointer { (bytes) throws(ParseError) in
            try NMEASentence(parsing: bytes, line: line, acceptsMissingChecksum: acceptsMissingChecksum)
        }
    }

    /// Parses one sentence in memory, copying only the bytes before `*hh`; see ``init(parsing:line:acceptsMissingChecksum:)``.
    init(parsing text: UnsafeBufferPointer<UInt8>, line: Int, acceptsMissingChecksum: Bool) throws(ParseError) {
        var count = text.count
        while count > 0, text[count - 1] == 0x0D || text[count - 1] == 0x0A || text[count - 1] == 0x20 { count -= 1 }
        guard count > 0, text[0] == UInt8(ascii: "$") || text[0] == UInt8(ascii: "!") else {
            throw ParseError(reason: .invalidAddress, detail: "expected '$' or '!' at the start")
        }
        let trimmed = UnsafeBufferPointer(rebasing: text[0..<count])
        let end = try Self.verifyChecksum(trimmed, acceptsMissing: acceptsMissingChecksum)
        hasChecksum = end < count
        var commas: [Int] = []
        commas.reserveCapacity(24)
        for index in 1..<end {
            let byte = trimmed[index]
            guard byte >= 0x20, byte <= 0x7E else {
                throw ParseError(reason: .invalidCharacter, detail: "byte 0x\(Self.hex(byte)) in the sentence")
            }
            if byte == UInt8(ascii: ",") { commas.append(index) }
        }
        let address = trimmed[1..<(commas.first ?? end)]
        guard address.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }),
            address.first.map({ $0 >= 0x41 && $0 <= 0x5A }) == true,
            address.first == UInt8(ascii: "P") ? (2...15).contains(address.count) : address.count == 5
        else {
            throw ParseError(
                reason: .invalidAddress, detail: "expected a talker and sentence type like GPGGA",
                foundValue: String(decoding: address, as: UTF8.self))
        }
        let talkerLength = address.first == UInt8(ascii: "P") ? 1 : 2
        talker = String(decoding: address.prefix(talkerLength), as: UTF8.self)
        type = String(decoding: address.dropFirst(talkerLength), as: UTF8.self)
        bytes = Array(trimmed[0..<end])
        self.commas = commas
        self.line = line
    }

    /// Checks `*hh`; returns where the sentence ends without it (the whole count when it is absent and allowed).
    private static func verifyChecksum(_ bytes: UnsafeBufferPointer<UInt8>, acceptsMissing: Bool) throws(ParseError)
        -> Int
    {
        guard let star = bytes.lastIndex(of: UInt8(ascii: "*")) else {
            if acceptsMissing { return bytes.count }
            throw ParseError(reason: .missingChecksum, detail: "no '*hh' checksum at the end")
        }
        let digits = bytes[(star + 1)...]
        guard digits.count == 2, let high = hexValue(digits.first!), let low = hexValue(digits.last!) else {
            throw ParseError(
                reason: .malformedChecksum, detail: "expected two hexadecimal digits after '*'",
                foundValue: String(decoding: digits, as: UTF8.self))
        }
        let expected = high << 4 | low
        var computed: UInt8 = 0
        for byte in bytes[1..<star] { computed ^= byte }
        guard computed == expected else {
            throw ParseError(
                reason: .checksumMismatch, detail: "checksum is \(hex(expected)), computed \(hex(computed))")
        }
        return star
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
