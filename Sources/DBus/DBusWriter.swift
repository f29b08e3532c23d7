/// Marshals values in little-endian byte order, padding each to its alignment counted from the start of the buffer
/// (which is the start of a message, or the 8-aligned start of its body).
///
/// Source: D-Bus Specification, "Marshaling (Wire Format)".
struct DBusWriter {
    private(set) var bytes: [UInt8] = []

    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        pad(to: MemoryLayout<T>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: DBusValue) throws(DBusError) {
        switch value {
        case .byte(let number): bytes.append(number)
        case .boolean(let flag): write(UInt32(flag ? 1 : 0))
        case .int16(let number): write(number)
        case .uint16(let number): write(number)
        case .int32(let number): write(number)
        case .uint32(let number): write(number)
        case .int64(let number): write(number)
        case .uint64(let number): write(number)
        case .double(let number): write(number.bitPattern)
        case .string(let text): try writeString(text)
        case .objectPath(let path):
            guard DBusNames.isValidObjectPath(path) else { throw .invalidValue("\"\(path)\" is not an object path") }
            try writeString(path)
        case .signature(let signature):
            _ = try DBusType.parse(signature)
            try writeSignature(signature)
        case .variant(let inner):
            try writeSignature(inner.type.description)
            try write(inner)
        case .array(let element, let items): try writeArray(element, items)
        case .byteArray(let data):
            guard data.count <= DBus.maximumArrayLength else {
                throw .invalidValue("array of \(data.count) bytes exceeds \(DBus.maximumArrayLength)")
            }
            write(UInt32(data.count))
            bytes.append(contentsOf: data)
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidValue("a structure needs at least one field") }
            pad(to: 8)
            for field in fields { try write(field) }
        case .dictionaryEntry(let key, let entry):
            guard key.type.isBasic else { throw .invalidValue("dictionary key of type \(key.type) is not basic") }
            pad(to: 8)
            try write(key)
            try write(entry)
        }
    }

    private mutating func writeString(_ text: String) throws(DBusError) {
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0) else { throw .invalidValue("string contains a NUL character") }
        write(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    private mutating func writeSignature(_ signature: String) throws(DBusError) {
        let utf8 = Array(signature.utf8)
        guard utf8.count <= 255 else { throw .invalidSignature(signature, reason: "longer than 255 bytes") }
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    private mutating func writeArray(_ element: DBusType, _ items: [DBusValue]) throws(DBusError) {
        write(UInt32(0))
        let lengthOffset = bytes.count - 4
        pad(to: element.alignment)
        let start = bytes.count
        for item in items {
            guard item.type == element else {
                throw .invalidValue("array of \(element) holds an element of type \(item.type)")
            }
            try write(item)
        }
        let length = bytes.count - start
        guard length <= DBus.maximumArrayLength else {
            throw .invalidValue("array of \(length) bytes exceeds \(DBus.maximumArrayLength)")
        }
        withUnsafeBytes(of: UInt32(length).littleEndian) {
            bytes.replaceSubrange(lengthOffset..<lengthOffset + 4, with: $0)
        }
    }
}

/// Validity rules for names.
///
/// Source: D-Bus Specification, "Valid Object Paths".
enum DBusNames {
    /// `/`, or `/` followed by `/`-separated non-empty elements of `[A-Za-z0-9_]`, without a trailing `/`.
    static func isValidObjectPath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { element in
            !element.isEmpty
                && element.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == 0x5F
                }
        }
    }
}
