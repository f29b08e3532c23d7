import Foundation

/// Start and end tags, names and attribute values (XML 1.0 §3.1, Namespaces in XML 1.0 §3–§6).
extension GPXXMLScanner {
    /// Scans a start tag (or an empty-element tag) after its `<`, resolving namespaces.
    mutating func scanStartTag() throws(GPXDiagnostic) {
        guard depth < Self.maximumDepth else {
            throw limitExceeded("elements nested deeper than \(Self.maximumDepth) levels")
        }
        tagCount = 0
        attributeCount = 0
        elementColon = try scanName(qualified: true)
        elementName = 0..<tagCount
        var isEmpty = false
        while true {
            let spaced = try skipWhitespace()
            guard let byte = try peek() else {
                throw malformed("the document ends inside the start tag <\(qualifiedName)>")
            }
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                position += 1
                guard try skip(UInt8(ascii: ">")) else {
                    throw malformed("expected '>' after '/' in <\(qualifiedName)>")
                }
                isEmpty = true
                break
            }
            guard spaced else { throw malformed("expected white space, '>' or '/>' in <\(qualifiedName)>") }
            try scanAttribute()
        }
        openElement()
        try bindNamespaces()
        emptyElementEnds = isEmpty
    }

    /// Scans `name = "value"` into ``tag`` and ``attributes``.
    private mutating func scanAttribute() throws(GPXDiagnostic) {
        guard attributeCount < Self.maximumAttributes else {
            throw limitExceeded("more than \(Self.maximumAttributes) attributes in <\(qualifiedName)>")
        }
        let nameStart = tagCount
        let colon = try scanName(qualified: true)
        let name = nameStart..<tagCount
        var text: String { String(decoding: tagBytes(name), as: UTF8.self) }
        let quote = try scanEqualsAndOpeningQuote(after: "attribute ", name)
        let valueStart = tagCount
        try scanAttributeValue(until: quote)
        for index in 0..<attributeCount where GPXXMLCharacters.equal(tagBytes(attributes[index].name), tagBytes(name)) {
            throw malformed("attribute \(text) given twice")
        }
        attributes[attributeCount] = Attribute(name: name, colon: colon, value: valueStart..<tagCount)
        attributeCount += 1
    }

    /// Scans an attribute value up to its closing quote, normalised (XML 1.0 §3.3.3): references replaced, each
    /// white-space character (and each line end) a space.
    @inline(__always)
    private mutating func scanAttributeValue(until quote: UInt8) throws(GPXDiagnostic) {
        // The pointers in locals: read through `self` in the loop, they were loaded again after every store to `tag`.
        let (buffer, tag, classes) = (self.buffer, self.tag, attributeClasses)
        while true {
            var index = position
            var count = tagCount
            let end = limit
            let stop = min(end, index + (Self.maximumTagBytes - count))
            while index < stop, classes[Int(buffer[index])] == 0 {
                tag[count] = buffer[index]
                count += 1
                index += 1
            }
            position = index
            tagCount = count
            guard count < Self.maximumTagBytes else { throw tagTooLong() }
            guard let byte = try peek() else { throw malformed("the document ends inside an attribute value") }
            switch byte {
            case quote:
                position += 1
                return
            case UInt8(ascii: "<"):
                throw malformed("'<' in an attribute value")
            case UInt8(ascii: "&"):
                position += 1
                tagCount += GPXXMLCharacters.encodeUTF8(try reference(), into: tag + tagCount)
            case 0x09, 0x0A, 0x0D:
                try consumeLineEndOrByte()
                tag[tagCount] = 0x20
                tagCount += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                position += 1
                tag[tagCount] = byte
                tagCount += 1
            default:
                let (_, length) = try character()
                (tag + tagCount).update(from: buffer + position, count: length)
                tagCount += length
                position += length
            }
        }
    }

    /// Scans an end tag after its `</` and checks it closes the innermost open element.
    mutating func scanEndTag() throws(GPXDiagnostic) {
        if closesOpenElementAtOnce() { return }
        tagCount = 0
        elementColon = try scanName(qualified: false)
        elementName = 0..<tagCount
        try skipWhitespace()
        guard try skip(UInt8(ascii: ">")) else { throw malformed("expected '>' after </\(qualifiedName)") }
        guard GPXXMLCharacters.equal(openName, tagBytes(elementName)) else {
            throw malformed(
                "closing tag </\(qualifiedName)> does not match <\(openElementName)> (opened on line \(openLine ?? 1))"
            )
        }
        closeElement()
    }

    /// Takes the commonest end tag at once: the innermost open element's name followed by `>`.
    ///
    /// That name was scanned and checked when the element opened, so it is the name ``scanName(qualified:)`` would
    /// read; anything else (white space before `>`, another name, a name cut by the buffer's end) is left to the
    /// general path.
    ///
    /// - Returns: Whether it closed the element, with ``tag`` holding its name as after a scanned end tag.
    @inline(__always)
    private mutating func closesOpenElementAtOnce() -> Bool {
        let name = openName
        let count = name.count
        guard count > 0, limit - position > count, let start = name.baseAddress,
            buffer[position + count] == UInt8(ascii: ">")
        else { return false }
        // Byte by byte in place: names are short, and a call of `memcmp` or `memcpy` cost more than their bytes.
        let written = buffer + position
        for index in 0..<count where written[index] != start[index] { return false }
        var colon: Int?
        for index in 0..<count {
            tag[index] = start[index]
            if start[index] == UInt8(ascii: ":") { colon = index }
        }
        tagCount = count
        elementName = 0..<count
        elementColon = colon
        position += count + 1
        closeElement()
        return true
    }

    /// Scans a name (XML 1.0 production 5) into ``tag``.
    ///
    /// - Parameter qualified: Whether it must be a qualified name (`NCName` or `NCName:NCName`).
    /// - Returns: The offset in ``tag`` of its colon, if it has one.
    /// - Throws: ``GPXDiagnostic``: `malformedXML` when no name starts here or a qualified name is not one,
    ///   `limitExceeded` past ``maximumTagBytes``.
    @discardableResult
    mutating func scanName(qualified: Bool) throws(GPXDiagnostic) -> Int? {
        let start = tagCount
        var colon: Int?
        var colons = 0
        // The pointers in locals: read through `self` in the loop, they were loaded again after every store to `tag`.
        let (buffer, tag, classes) = (self.buffer, self.tag, nameClasses)
        while true {
            var index = position
            var count = tagCount
            let end = limit
            // One bound for both the buffer's end and the tag's room: each byte read is one byte stored.
            let stop = min(end, index + (Self.maximumTagBytes - count))
            while index < stop {
                let byte = buffer[index]
                let kind = classes[Int(byte)]
                if kind != 1 {  // letters and `_` pass with one test (a switch over the classes was a jump table)
                    guard kind == 2 || (kind == 3 && count > start) else { break }
                    if kind == 2 {
                        colons += 1
                        colon = count
                    }
                }
                tag[count] = byte
                count += 1
                index += 1
            }
            position = index
            tagCount = count
            guard count < Self.maximumTagBytes else { throw tagTooLong() }
            guard index < end else {
                if try ensure(1) { continue }
                break
            }
            guard classes[Int(buffer[index])] == 4 else { break }
            let (scalar, length) = try character()
            let allowed =
                count == start ? GPXXMLCharacters.isNameStart(scalar) : GPXXMLCharacters.isNameCharacter(scalar)
            guard allowed else { break }
            (tag + tagCount).update(from: buffer + position, count: length)
            tagCount += length
            position += length
        }
        guard tagCount > start else {
            let found = try peek().map { "'\(String(decoding: [$0], as: UTF8.self))'" } ?? "the end of the document"
            throw malformed("expected a name, found \(found)")
        }
        if qualified, colons > 1 || colon == start || colon == tagCount - 1 {
            let name = String(decoding: tagBytes(start..<tagCount), as: UTF8.self)
            throw malformed("\"\(name)\" is not a qualified name (prefix:name)")
        }
        return colon
    }

    private func tagTooLong() -> GPXDiagnostic {
        limitExceeded("start tag longer than \(Self.maximumTagBytes) bytes of names and values")
    }

    /// Declares the current tag's `xmlns` attributes, then resolves the prefixes of the element and its
    /// attributes (Namespaces in XML 1.0 §3, §5, §6.3).
    @inline(__always)
    private mutating func bindNamespaces() throws(GPXDiagnostic) {
        for index in 0..<attributeCount {
            let attribute = attributes[index]
            let prefix: UnsafeBufferPointer<UInt8>
            if let colon = attribute.colon {
                guard isXMLNS(attribute.name.lowerBound..<colon) else { continue }
                prefix = tagBytes((colon + 1)..<attribute.name.upperBound)
            } else {
                guard isXMLNS(attribute.name) else { continue }
                prefix = tagBytes(0..<0)
            }
            if let problem = namespaces.declare(prefix: prefix, uri: tagBytes(attribute.value), depth: depth) {
                throw malformed(problem)
            }
        }
        guard let namespace = resolve(prefixEnd: elementColon, in: elementName) else {
            throw undeclaredPrefix(before: elementColon, in: elementName)
        }
        elementNamespace = namespace
        var expanded: [(namespace: GPXXMLNamespaces.Binding, local: Range<Int>)] = []
        for index in 0..<attributeCount {
            let attribute = attributes[index]
            guard let colon = attribute.colon, !isXMLNS(attribute.name.lowerBound..<colon) else { continue }
            guard let namespace = resolve(prefixEnd: colon, in: attribute.name) else {
                throw undeclaredPrefix(before: colon, in: attribute.name)
            }
            let local = (colon + 1)..<attribute.name.upperBound
            let clash = expanded.contains {
                GPXXMLCharacters.equal(tagBytes($0.local), tagBytes(local))
                    && namespaces.uri(of: $0.namespace).elementsEqual(namespaces.uri(of: namespace))
            }
            if clash {
                let name = String(decoding: tagBytes(local), as: UTF8.self)
                throw malformed("attribute \(name) given twice in one namespace")
            }
            expanded.append((namespace, local))
        }
    }

    @inline(__always)
    private func isXMLNS(_ range: Range<Int>) -> Bool {
        GPXXMLCharacters.equal(tagBytes(range), "xmlns")
    }

    /// The binding of the prefix of the name at `range` in ``tag`` (before `prefixEnd`), or the default
    /// namespace for a name without one; `nil` for a prefix that is not declared.
    ///
    /// Inlined and without a call inside, so that it reads the scanner's fields in place: a call (or an inlined
    /// body that makes one, such as a diagnostic's) copies the whole scanner, about 300 bytes, at every start tag.
    @inline(__always)
    private func resolve(prefixEnd: Int?, in range: Range<Int>) -> GPXXMLNamespaces.Binding? {
        guard let prefixEnd else { return namespaces.defaultNamespace }
        return namespaces.binding(prefix: tagBytes(range.lowerBound..<prefixEnd))
    }

    /// The error for the name at `range` in ``tag`` whose prefix (before `prefixEnd`) is not declared.
    private func undeclaredPrefix(before prefixEnd: Int?, in range: Range<Int>) -> GPXDiagnostic {
        let prefix = tagBytes(range.lowerBound..<(prefixEnd ?? range.lowerBound))
        return malformed("namespace prefix \(String(decoding: prefix, as: UTF8.self)) is not declared")
    }
}
