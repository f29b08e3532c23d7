/// Unmarshals values from a message's bytes in either byte order, checking every length against the bytes there are,
/// padding for zeros, booleans for 0 or 1, strings for UTF-8 without NULs, and nesting depth.
///
/// Source: D-Bus Specification, "Marshaling (Wire Format)" and "Valid Signatures".
struct DBusReader {
    let bytes: [UInt8]
    let bigEndian: Bool
    /// The index of the first byte this reader may read, and one past the last.
    private(set) var position: Int
    let end: Int
    /// Where alignment is counted from (the message start) and what error offsets are relative to.
    let origin: Int

    init(bytes: [UInt8], bigEndian: Bool, range: Range<Int>, origin: Int = 0) {
        self.bytes = bytes
        self.bigEndian = bigEndian
        position = range.lowerBound
        end = range.upperBound
        self.origin = origin
    }

    var isAtEnd: Bool { position == end }

    func failure(_ reason: String, at offset: Int? = nil) -> DBusError {
        .malformedMessage(offset: (offset ?? position) - origin, reason: reason)
    }

    mutating func align(to alignment: Int) throws(DBusError) {
        let padding = (alignment - (position - origin) % alignment) % alignment
        guard position + padding <= end else { throw failure("truncated inside padding") }
        for index in position..<position + padding where bytes[index] != 0 {
            throw failure("padding byte is not zero")
        }
        position += padding
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type) throws(DBusError) -> T {
        let size = MemoryLayout<T>.size
        try align(to: size)
        guard position + size <= end else { throw failure("truncated: needs \(size) bytes, \(end - position) left") }
        var value: T = 0
        for index in 0..<size {
            let byte = T(truncatingIfNeeded: bytes[position + (bigEndian ? size - 1 - index : index)])
            value |= byte << (8 * index)
        }
        position += size
        return value
    }

    mutating func read(_ type: DBusType, depth: Int = 0) throws(DBusError) -> DBusValue {
        guard depth <= DBus.maximumNestingDepth else { throw failure("containers nested more than 64 deep") }
        switch type {
        case .byte: return .byte(try read(UInt8.self))
        case .boolean:
            let raw = try read(UInt32.self)
            guard raw <= 1 else { throw failure("boolean is \(raw), expected 0 or 1", at: position - 4) }
            return .boolean(raw == 1)
        case .int16: return .int16(try read(Int16.self))
        case .uint16: return .uint16(try read(UInt16.self))
        case .int32: return .int32(try read(Int32.self))
        case .uint32: return .uint32(try read(UInt32.self))
        case .int64: return .int64(try read(Int64.self))
        case .uint64: return .uint64(try read(UInt64.self))
        case .double: return .double(Double(bitPattern: try read(UInt64.self)))
        case .string: return .string(try readText(length: Int(try read(UInt32.self))))
        case .objectPath:
            let path = try readText(length: Int(try read(UInt32.self)))
            guard DBusNames.isValidObjectPath(path) else { throw failure("\"\(path)\" is not a valid object path") }
            return .objectPath(path)
        case .signature: return .signature(try readSignature())
        case .variant:
            let inner = try DBusType.parseSingle(try readSignature())
            return .variant(try read(inner, depth: depth + 1))
        case .array(let element): return try readArray(of: element, depth: depth + 1)
        case .structure(let fields):
            try align(to: 8)
            var values: [DBusValue] = []
            for field in fields { values.append(try read(field, depth: depth + 1)) }
            return .structure(values)
        case .dictionaryEntry(let key, let value):
            try align(to: 8)
            return .dictionaryEntry(try read(key, depth: depth + 1), try read(value, depth: depth + 1))
        }
    }

    /// Reads a signature (`g`) and checks that it parses.
    mutating func readSignature() throws(DBusError) -> String {
        let text = try readText(length: Int(try read(UInt8.self)))
        do {
            _ = try DBusType.parse(text)
        } catch {
            throw failure("\(error)")
        }
        return text
    }

    private mutating func readText(length: Int) throws(DBusError) -> String {
        guard length < end - position else { throw failure("truncated: string of \(length) bytes") }
        let slice = bytes[position..<position + length]
        guard bytes[position + length] == 0 else { throw failure("string is not NUL-terminated") }
        guard !slice.contains(0) else { throw failure("string contains a NUL character") }
        guard let text = String(validating: slice, as: UTF8.self) else { throw failure("string is not valid UTF-8") }
        position += length + 1
        return text
    }

    private mutating func readArray(of element: DBusType, depth: Int) throws(DBusError) -> DBusValue {
        let length = Int(try read(UInt32.self))
        guard length <= DBus.maximumArrayLength else { throw failure("array length \(length) exceeds 64 MiB") }
        try align(to: element.alignment)
        guard length <= end - position else { throw failure("truncated: array of \(length) bytes") }
        let arrayEnd = position + length
        if element == .byte {
            defer { position = arrayEnd }
            return .byteArray(Array(bytes[position..<arrayEnd]))
        }
        var items: [DBusValue] = []
        while position < arrayEnd {
            items.append(try read(element, depth: depth))
        }
        guard position == arrayEnd else { throw failure("array element overruns the array's length") }
        return .array(element, items)
    }
}
