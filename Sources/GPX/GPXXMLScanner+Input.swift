import Foundation

/// Reading bytes: the buffer and its refills, ISO-8859-1 conversion, line ends and character checks.
extension GPXXMLScanner {
    /// Makes at least `count` unscanned bytes available in ``buffer``; `false` when the input ends first.
    ///
    /// May move the unscanned bytes to the start of the buffer: positions held across a call must be
    /// re-read from ``position``.
    @inline(__always)
    mutating func ensure(_ count: Int) throws(GPXDiagnostic) -> Bool {
        limit - position >= count ? true : try refill(atLeast: count)
    }

    private mutating func refill(atLeast count: Int) throws(GPXDiagnostic) -> Bool {
        while limit - position < count {
            if inputEnded { return false }
            if position > 0 {
                let remaining = limit - position
                if remaining > 0 { memmove(buffer, buffer + position, remaining) }
                position = 0
                limit = remaining
            }
            let count = try readInput(into: buffer + limit, capacity: Self.bufferCapacity - limit)
            if count == 0 { inputEnded = true } else { limit += count }
        }
        return true
    }

    /// Reads more of the document into `destination`, converting ISO-8859-1 to UTF-8.
    private mutating func readInput(into destination: UnsafeMutablePointer<UInt8>, capacity: Int) throws(GPXDiagnostic)
        -> Int
    {
        guard encoding == .latin1 else { return try input.read(into: destination, count: capacity) }
        let raw = latin1Bytes
        var count = min(capacity / 2, unconverted.count)
        if count > 0 {
            raw.update(from: unconverted, count: count)
            unconverted.removeFirst(count)
        } else {
            count = try input.read(into: raw, count: min(capacity / 2, Self.bufferCapacity / 2))
        }
        var written = 0
        for index in 0..<count {
            let byte = raw[index]
            if byte < 0x80 {
                destination[written] = byte
                written += 1
            } else {
                destination[written] = 0xC0 | byte >> 6
                destination[written + 1] = 0x80 | byte & 0x3F
                written += 2
            }
        }
        return written
    }

    /// Switches to ISO-8859-1 after the XML declaration: the bytes already read after it are converted too.
    mutating func switchToLatin1() {
        encoding = .latin1
        unconverted = Array(UnsafeBufferPointer(start: buffer + position, count: limit - position))
        limit = position
    }

    /// The byte at ``position``, reading more if needed; `nil` at the end of the input.
    @inline(__always)
    mutating func peek() throws(GPXDiagnostic) -> UInt8? {
        if position < limit { return buffer[position] }
        return try ensure(1) ? buffer[position] : nil
    }

    /// Consumes `byte` if it is next.
    @inline(__always)
    mutating func skip(_ byte: UInt8) throws(GPXDiagnostic) -> Bool {
        guard try peek() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes white space (counting lines); whether there was any.
    ///
    /// Inlined up to its first two bytes: most calls find none (between a name and `=`, after a value before `>`)
    /// or one space (before an attribute).
    @discardableResult
    @inline(__always)
    mutating func skipWhitespace() throws(GPXDiagnostic) -> Bool {
        if position < limit, !GPXXMLCharacters.isWhitespace(buffer[position]) { return false }
        if limit - position >= 2, buffer[position] == 0x20, !GPXXMLCharacters.isWhitespace(buffer[position + 1]) {
            position += 1
            return true
        }
        return try skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() throws(GPXDiagnostic) -> Bool {
        var skipped = false
        while true {
            var index = position
            let end = limit
            while index < end, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
            if index > position {
                position = index
                skipped = true
            }
            guard let byte = try peek(), GPXXMLCharacters.isWhitespace(byte) else { return skipped }
            try consumeLineEndOrByte()
            skipped = true
        }
    }

    /// Consumes the byte at ``position``; a line end (LF, CR LF or CR) is consumed whole and counted.
    ///
    /// - Returns: The byte the document means there: LF for any line end.
    @discardableResult
    @inline(__always)
    mutating func consumeLineEndOrByte() throws(GPXDiagnostic) -> UInt8 {
        let byte = buffer[position]
        position += 1
        if byte == 0x0A {
            line += 1
        } else if byte == 0x0D {
            line += 1
            _ = try skip(0x0A)
            return 0x0A
        }
        return byte
    }

    /// Checks the non-ASCII or control character at ``position`` is a `Char` in the document's encoding.
    ///
    /// - Returns: Its scalar value and its length in bytes (not consumed).
    mutating func character() throws(GPXDiagnostic) -> (scalar: UInt32, length: Int) {
        let lead = buffer[position]
        if lead < 0x80 {
            guard GPXXMLCharacters.isCharacter(UInt32(lead)) else {
                throw malformed("character U+\(hex(UInt32(lead), digits: 4)) is not allowed in XML")
            }
            return (UInt32(lead), 1)
        }
        guard encoding != .ascii else {
            throw malformed("byte 0x\(hex(UInt32(lead), digits: 2)) is not US-ASCII, the declared encoding")
        }
        guard let length = GPXXMLCharacters.sequenceLength(lead: lead), try ensure(length),
            let scalar = GPXXMLCharacters.decode(buffer + position, length: length)
        else { throw malformed("invalid UTF-8 (byte 0x\(hex(UInt32(buffer[position]), digits: 2)))") }
        guard GPXXMLCharacters.isCharacter(scalar) else {
            throw malformed("character U+\(hex(scalar, digits: 4)) is not allowed in XML")
        }
        return (scalar, length)
    }

    /// Reads `S? '=' S?` and the opening quote of a value (XML 1.0 productions 25 and 10).
    ///
    /// - Parameters:
    ///   - context: What the name is, for the diagnostic: `attribute `, `the XML declaration's `.
    ///   - name: The name the value belongs to, in ``tag``.
    /// - Returns: The quote, `"` or `'`, that must close the value.
    /// - Throws: ``GPXDiagnostic`` of kind `malformedXML` without `=` or a quote.
    @inline(__always)
    mutating func scanEqualsAndOpeningQuote(after context: String, _ name: Range<Int>) throws(GPXDiagnostic) -> UInt8 {
        if limit - position >= 2, buffer[position] == UInt8(ascii: "=") {  // `="` and `='` at once: the commonest
            let quote = buffer[position + 1]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                position += 2
                return quote
            }
        }
        try skipWhitespace()
        guard try skip(UInt8(ascii: "=")) else {
            throw malformed("\(context)\(String(decoding: tagBytes(name), as: UTF8.self)) has no value ('=' expected)")
        }
        try skipWhitespace()
        guard let quote = try peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw malformed("the value of \(context)\(String(decoding: tagBytes(name), as: UTF8.self)) is not quoted")
        }
        position += 1
        return quote
    }
}
