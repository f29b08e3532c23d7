import Foundation

/// The character classes of XML 1.0 (Fifth Edition) §2.2 and §2.3, and UTF-8 decoding for the scanner.
///
/// `Char` is every character a document may contain; `NameStartChar` and `NameChar` are those of names. ASCII is
/// classified by a table, the rest by the ranges of the productions, unchanged.
enum GPXXMLCharacters {
    /// What an ASCII byte is in character data, for the scanner's fast loops.
    enum ByteClass: UInt8 {
        /// Text that needs no attention: copied or skipped as is.
        case plain = 0
        /// A byte that ends a run of text: markup, a reference, a line end, `]`, a control or a non-ASCII byte.
        case special = 1
    }

    /// ``ByteClass`` raw values of all 256 byte values in character data.
    static let textClasses: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x09, 0x20...0x7F:
            [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "]")].contains(UInt8(byte))
                ? ByteClass.special.rawValue : ByteClass.plain.rawValue
        default: ByteClass.special.rawValue
        }
    }

    /// What an ASCII byte is in a name, for the scanner's fast loop: 0 not a name character, 1 a name start
    /// character (`A`–`Z`, `a`–`z`, `_`), 2 a colon, 3 a name character that cannot start a name (`0`–`9`, `-`,
    /// `.`), and 4 for every non-ASCII byte (decoded and classified by its scalar).
    static let nameClasses: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): 1
        case UInt8(ascii: ":"): 2
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): 3
        case 0x80...: 4
        default: 0
        }
    }

    /// ``ByteClass`` raw values of all 256 byte values in an attribute value: printable ASCII but `<`, `&` and
    /// both quotes is plain.
    static let attributeClasses: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x20...0x7F:
            [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(UInt8(byte))
                ? ByteClass.special.rawValue : ByteClass.plain.rawValue
        default: ByteClass.special.rawValue
        }
    }

    /// Whether `scalar` is a `Char` (production 2): tab, line feed, carriage return, and U+0020 and above except
    /// the surrogates, U+FFFE and U+FFFF.
    static func isCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }

    /// Whether `scalar` may start a name (production 4, `NameStartChar`).
    static func isNameStart(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x1_0000...0xE_FFFF:
            true
        default: false
        }
    }

    /// Whether `scalar` may continue a name (production 4a, `NameChar`).
    static func isNameCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isNameStart(scalar)
        }
    }

    /// Whether `byte` is XML white space (production 3, `S`): space, tab, carriage return, line feed.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The length of a UTF-8 sequence starting with `lead`, 2...4, or `nil` for a byte no sequence starts with
    /// (ASCII, a continuation byte, 0xC0, 0xC1, 0xF5 and above).
    static func sequenceLength(lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }

    /// Decodes one multi-byte UTF-8 sequence of `length` bytes, or `nil` when it is not well-formed UTF-8
    /// (a bad continuation byte, an overlong form, a surrogate, or beyond U+10FFFF).
    static func decode(_ bytes: UnsafePointer<UInt8>, length: Int) -> UInt32? {
        var scalar = UInt32(bytes[0]) & (0xFF >> (length + 1))
        for index in 1..<length {
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
        guard scalar >= smallest, scalar <= 0x10_FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return scalar
    }

    /// The number of UTF-8 bytes of `scalar` (at most U+10FFFF).
    static func utf8Length(_ scalar: UInt32) -> Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x1_0000 ? 3 : 4
    }

    /// Writes the UTF-8 bytes of `scalar` (at most U+10FFFF) at `destination`.
    ///
    /// - Returns: How many bytes were written, 1...4.
    static func encodeUTF8(_ scalar: UInt32, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        let length = utf8Length(scalar)
        switch length {
        case 1:
            destination[0] = UInt8(scalar)
        case 2:
            destination[0] = UInt8(0xC0 | scalar >> 6)
            destination[1] = UInt8(0x80 | scalar & 0x3F)
        case 3:
            destination[0] = UInt8(0xE0 | scalar >> 12)
            destination[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            destination[2] = UInt8(0x80 | scalar & 0x3F)
        default:
            destination[0] = UInt8(0xF0 | scalar >> 18 & 0x07)
            destination[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            destination[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            destination[3] = UInt8(0x80 | scalar & 0x3F)
        }
        return length
    }

    /// Whether `bytes` spell `name` exactly.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        equal(bytes, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether two byte ranges are equal.
    ///
    /// Names (`trkpt`, `lat`) are compared byte by byte in place: a call of `memcmp` cost more than the bytes.
    @inline(__always)
    static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let firstStart = first.baseAddress, let secondStart = second.baseAddress else { return true }
        guard first.count <= 16 else { return memcmp(firstStart, secondStart, first.count) == 0 }
        for index in 0..<first.count where firstStart[index] != secondStart[index] { return false }
        return true
    }
}
