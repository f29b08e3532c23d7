/// Character data and references (XML 1.0 §2.4, §4.1), and the white space around the root element.
extension GPXXMLScanner {
    /// Scans character data up to the next `<`, which it consumes; collects it into ``text`` when
    /// ``collectsText`` is set.
    ///
    /// - Returns: `false` when the input ends first.
    mutating func scanCharacterData() throws(GPXDiagnostic) -> Bool {
        while true {
            var index = position
            let end = limit
            let start = index
            while index < end, textClasses[Int(buffer[index])] == 0 { index += 1 }
            if collectsText, index > start {
                try collect(UnsafeBufferPointer(start: buffer + start, count: index - start))
            }
            position = index
            guard index < end else {
                guard try ensure(1) else { return false }
                continue
            }
            switch buffer[index] {
            case UInt8(ascii: "<"):
                position += 1
                return true
            case UInt8(ascii: "&"):
                position += 1
                let scalar = try reference()
                if collectsText { try collect(scalar: scalar) }
            case UInt8(ascii: "]"):
                if try ensure(3), buffer[position + 1] == UInt8(ascii: "]"), buffer[position + 2] == UInt8(ascii: ">") {
                    throw malformed("']]>' is not allowed in text")
                }
                position += 1
                if collectsText { try collect(scalar: UInt32(UInt8(ascii: "]"))) }
            case 0x0A, 0x0D:
                let byte = try consumeLineEndOrByte()
                if collectsText { try collect(scalar: UInt32(byte)) }
            default:
                let (scalar, length) = try character()
                position += length
                if collectsText { try collect(scalar: scalar) }
            }
        }
    }

    /// Skips the white space before or after the root element up to a `<`, which it consumes.
    ///
    /// - Returns: `false` when the input ends first.
    mutating func skipWhitespaceOutsideRoot() throws(GPXDiagnostic) -> Bool {
        if phase == .start, position == 0, !sawByteOrderMark { sawByteOrderMark = try skipByteOrderMark() }
        while let byte = try peek() {
            if byte == UInt8(ascii: "<") {
                position += 1
                return true
            }
            guard GPXXMLCharacters.isWhitespace(byte) else {
                if phase == .epilog { throw malformed("extra content after the root element") }
                throw malformed("text before the root element")
            }
            if phase == .start { phase = .prolog }
            try consumeLineEndOrByte()
        }
        return false
    }

    /// Consumes a UTF-8 byte-order mark at the very start; refuses UTF-16 and UTF-32.
    private mutating func skipByteOrderMark() throws(GPXDiagnostic) -> Bool {
        _ = try ensure(4)
        let available = limit - position
        let first = Array(UnsafeBufferPointer(start: buffer + position, count: min(available, 4)))
        if first.starts(with: [0xEF, 0xBB, 0xBF]) {
            position += 3
            return true
        }
        if first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE]) || first.starts(with: [0x00, 0x3C])
            || first.starts(with: [0x3C, 0x00]) || first.starts(with: [0x00, 0x00])
        {
            throw GPXDiagnostic(
                kind: .unsupportedEncoding, source: source, line: 1,
                message: "UTF-16 and UTF-32 documents are not supported; use UTF-8 or ISO-8859-1")
        }
        return false
    }

    /// Appends text bytes to ``text``, refusing more than ``maximumTextBytes``.
    @inline(__always)
    mutating func collect(_ bytes: UnsafeBufferPointer<UInt8>) throws(GPXDiagnostic) {
        guard textCount + bytes.count <= Self.maximumTextBytes else { throw textTooLong() }
        if let start = bytes.baseAddress { (textBytes + textCount).update(from: start, count: bytes.count) }
        textCount += bytes.count
    }

    /// Appends one character to ``text``, refusing more than ``maximumTextBytes``.
    mutating func collect(scalar: UInt32) throws(GPXDiagnostic) {
        guard textCount + GPXXMLCharacters.utf8Length(scalar) <= Self.maximumTextBytes else { throw textTooLong() }
        textCount += GPXXMLCharacters.encodeUTF8(scalar, into: textBytes + textCount)
    }

    private func textTooLong() -> GPXDiagnostic {
        limitExceeded("text longer than \(Self.maximumTextBytes) bytes", line: openLine, element: openElementName)
    }

    /// Reads a reference after its `&`: a character reference (`&#65;`, `&#x41;`) or one of the five predefined
    /// entities (`&lt;`, `&gt;`, `&amp;`, `&apos;`, `&quot;`); no other entity exists, since no DTD is read.
    ///
    /// - Returns: The character it stands for.
    mutating func reference() throws(GPXDiagnostic) -> UInt32 {
        if try skip(UInt8(ascii: "#")) {
            let isHex = try skip(UInt8(ascii: "x"))
            var value: UInt32 = 0
            var digits = 0
            while let byte = try peek(), byte != UInt8(ascii: ";") {
                guard let digit = Self.digitValue(byte, hex: isHex) else {
                    throw malformed(
                        "invalid character reference (expected \(isHex ? "hexadecimal " : "")digits and ';')")
                }
                value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)  // saturates beyond Unicode
                digits += 1
                position += 1
            }
            guard try skip(UInt8(ascii: ";")), digits > 0 else { throw malformed("unterminated character reference") }
            guard GPXXMLCharacters.isCharacter(value) else {
                throw malformed("character reference to U+\(hex(value, digits: 4)), which is not an XML character")
            }
            return value
        }
        var name: [UInt8] = []
        while let byte = try peek(), byte != UInt8(ascii: ";"), name.count < 16 {
            name.append(byte)
            position += 1
        }
        let text = String(decoding: name, as: UTF8.self)
        guard try skip(UInt8(ascii: ";")) else {
            throw malformed("'&' must start a reference such as &amp; (found \"&\(text)\")")
        }
        switch text {
        case "lt": return 0x3C
        case "gt": return 0x3E
        case "amp": return 0x26
        case "apos": return 0x27
        case "quot": return 0x22
        default:
            throw malformed("reference to undeclared entity &\(text); (GPX documents have no DTD to declare it)")
        }
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
