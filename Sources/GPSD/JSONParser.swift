/// Parses one JSON text (RFC 8259) from bytes into a ``JSONValue``: how ``GPSDDecoder`` reads every gpsd line.
///
/// Strict where RFC 8259 is (no trailing commas, comments, single quotes, unescaped control characters, invalid
/// UTF-8, unpaired surrogate escapes or leading zeros), with two choices of its own: containers nest at most
/// ``maximumDepth`` deep, and a number too large for a `Double` (`1e309`, 400 nines) is kept as
/// ``JSONValue/unrepresentableNumber(_:)`` instead of failing the whole text, so that only a member that is read
/// can be refused for it (issue 32: such a number anywhere in a TPV, even in a member nobody reads, made the line
/// "not valid JSON"). A number too small for one (`1e-400`) reads as the nearest `Double`, 0. A key given twice
/// keeps its last value.
///
/// Written for the module instead of Foundation's `JSONDecoder`, which also could not tell `true` from `1` through
/// `JSONSerialization` and cost about 14 ms of CPU per 1.5 kB line under AddressSanitizer; this parser takes a few
/// microseconds. Pure: safe from any thread.
struct JSONParser {
    /// Why the text is not JSON: the byte offset and the rule broken.
    struct SyntaxError: Error, Equatable {
        let offset: Int
        let reason: String

        /// One line, for example `at byte 12: expected ":" after an object key`.
        var description: String { "at byte \(offset): \(reason)" }
    }

    /// How deeply arrays and objects may nest; gpsd's deepest objects nest three levels.
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses `text`, which must hold exactly one JSON value (with whitespace around it).
    ///
    /// - Throws: ``SyntaxError`` naming the first byte that breaks the grammar.
    static func parse(_ text: some Collection<UInt8>) throws(SyntaxError) -> JSONValue {
        let parsed = text.withContiguousStorageIfAvailable { bytes in
            Result { () throws(SyntaxError) in try parse(bytes) }
        }
        if let parsed { return try parsed.get() }
        return try Array(text).withUnsafeBufferPointer { bytes in
            Result { () throws(SyntaxError) in try parse(bytes) }
        }.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected data after the value") }
        return value
    }

    private func failure(_ reason: String) -> SyntaxError {
        SyntaxError(offset: index, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
        guard current == byte else {
            throw failure(current == nil ? "unexpected end, expected \(what)" : "expected \(what)")
        }
        index += 1
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character \(Self.describe(byte)), expected a value")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
        else { throw failure("expected \(word)") }
        index += count
        return value
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string as an object key") }
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "\":\" after an object key")
            skipWhitespace()
            members[key] = try value(depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "\",\" or \"}\" in an object")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "\",\" or \"]\" in an array")
            return .array(elements)
        }
    }

    /// A string from its opening quote; escapes decoded, UTF-8 validated.
    private mutating func string() throws(SyntaxError) -> String {
        index += 1
        let start = index
        // The common case: no escape, read straight from the input.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        if current == UInt8(ascii: "\"") {
            defer { index += 1 }
            return try text(UnsafeBufferPointer(rebasing: bytes[start..<index]), from: start)
        }
        var decoded = Array(bytes[start..<index])
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try decoded.withUnsafeBufferPointer { utf8 in
                    Result { () throws(SyntaxError) in try text(utf8, from: start) }
                }.get()
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &decoded)
            case 0..<0x20: throw failure("control character \(Self.describe(byte)) in a string")
            default:
                decoded.append(byte)
                index += 1
            }
        }
    }

    private func text(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) throws(SyntaxError) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw SyntaxError(offset: start, reason: "string is not valid UTF-8")
        }
        return text
    }

    /// Decodes the escape after a backslash.
    private mutating func escape(into decoded: inout [UInt8]) throws(SyntaxError) {
        guard let byte = current else { throw failure("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hexQuad())
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("\\u escape of a high surrogate without its low surrogate") }
                index += 2
                let low = UInt32(try hexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw failure("\\u escape of an unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("\\u escape of an unpaired surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("\\u escape of no character") }
            decoded.append(contentsOf: String(Character(unicode)).utf8)
        default: throw failure("unknown escape \\\(Self.describe(byte))")
        }
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw failure("expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A number, checked against the grammar before it is converted.
    private mutating func number() throws(SyntaxError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw failure("expected a digit") }
        var integer: UInt64 = 0
        var digits = 0
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = current, Self.isDigit(next) { throw failure("leading zero in a number") }
        } else {
            while let byte = current, Self.isDigit(byte) {
                if digits < 19 { integer = integer * 10 + UInt64(byte - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let byte = current, Self.isDigit(byte) else { throw failure("expected a digit after \".\"") }
            while let byte = current, Self.isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, Self.isDigit(byte) else { throw failure("expected a digit in an exponent") }
            while let byte = current, Self.isDigit(byte) { index += 1 }
        }
        // Up to 15 digits convert exactly; anything else goes through the correctly rounding conversion.
        if isInteger, digits <= 15 {
            let value = Double(integer)
            return .number(bytes[start] == UInt8(ascii: "-") ? -value : value)
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(literal), value.isFinite else { return .unrepresentableNumber(literal) }
        return .number(value)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A byte for a message: the character when printable ASCII, else its hex value.
    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "0x\(String(byte, radix: 16))"
    }
}
