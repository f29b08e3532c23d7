import LocationSupport

/// Bytes of output being built: the encoders append lines here, and ``StandardOutput`` writes them in large
/// blocks.
///
/// Appending ASCII and integers touches no `String`, no Foundation and no locale, which is what makes the
/// encoders fast (issue 17); strings are appended as their UTF-8 bytes.
struct OutputBuffer {
    /// The memory: the first ``count`` bytes are the buffer's, the rest is room allocated for the next ones, which
    /// the encoders write in place (``write(atMost:_:)``) instead of appending piece by piece (issue 30).
    private var storage: [UInt8]
    /// The number of bytes appended.
    private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: capacity)
    }

    /// The bytes appended so far.
    var bytes: ArraySlice<UInt8> { storage[..<count] }

    /// Forgets the bytes, keeping the memory for the next ones.
    mutating func removeAll() {
        count = 0
    }

    /// Runs `body` with the bytes, for encoders of other modules that append to a `[UInt8]`.
    mutating func withBytes(_ body: (inout [UInt8]) throws -> Void) rethrows {
        storage.removeSubrange(count...)
        defer { count = storage.count }
        try body(&storage)
    }

    /// Removes the last `count` bytes.
    mutating func removeLast(_ count: Int) {
        precondition((0...self.count).contains(count), "removing more bytes than the buffer holds")
        self.count -= count
    }

    /// Runs `write` with a cursor over room for `maximum` bytes after the last, and keeps what it wrote.
    ///
    /// The room is the buffer's own memory, grown first when it has less: the bytes are written where they stay,
    /// one check of the room per piece, where each piece was an `Array.append` of a scratch copy (issue 30).
    @inline(__always)
    mutating func write<Result>(atMost maximum: Int, _ write: (inout ByteCursor) throws -> Result) rethrows -> Result {
        // Room for one byte more than asked, so that the memory is never empty (a cursor needs an address).
        if storage.count - count <= maximum { grow(by: maximum + 1) }
        let start = count
        return try storage.withUnsafeMutableBufferPointer { memory in
            var cursor = ByteCursor(room: UnsafeMutableBufferPointer(rebasing: memory[start..<start + maximum]))
            defer { count = start + cursor.count }
            return try write(&cursor)
        }
    }

    /// Makes room for at least `extra` more bytes: the memory doubles up to 4 KiB at a time.
    ///
    /// The room is zeroed, so a large buffer grows by 4 KiB, not by doubling: after ``withBytes(_:)``, which leaves
    /// no room, doubling would zero as many bytes as the buffer holds for the next write. A small buffer (a number's
    /// text) still grows by its size, not by 4 KiB. The array's own capacity grows geometrically either way.
    private mutating func grow(by extra: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(extra, min(storage.count, 4096), 64)))
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        write(atMost: 1) { $0.put(byte) }
    }

    /// Appends text known at compile time, such as a JSON key with its quotes.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        write(atMost: text.utf8CodeUnitCount) { $0.put(text) }
    }

    /// Appends the UTF-8 bytes of `text`.
    mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends bytes written elsewhere.
    @inline(__always)
    mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        write(atMost: other.count) { $0.put(other) }
    }

    /// Appends bytes.
    mutating func append(contentsOf other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a non-negative integer in decimal, padded with leading zeros to `width` digits.
    mutating func append(_ value: UInt64, width: Int = 1) {
        write(atMost: max(width, DecimalDigits.maximumDigits)) { $0.putDigits(value, width: width) }
    }

    /// Appends a JSON string literal of `text` with the escapes RFC 8259 requires (`\"`, `\\`, `\n`, `\r`,
    /// `\t`, and `\u00xx` for the other control characters).
    mutating func appendJSONString(_ text: String) {
        append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                append("\\u00")
                append(Self.hexDigits[Int(byte >> 4)])
                append(Self.hexDigits[Int(byte & 0xF)])
            default: append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends `text` for a terminal: as it is, except that control characters are written as the escapes of
    /// ``appendJSONString(_:)`` (`\n`, `\r`, `\t`, `\u001b`, and the C1 controls U+0080…U+009F and DEL as `\u0085`,
    /// `\u007f`), and a backslash as `\\`, so that the escapes cannot be mistaken for the text.
    ///
    /// Issue 32: a region identifier holding a newline or an ESC was printed raw by `monitor --format text`, which
    /// broke the line or drove the terminal; JSON Lines escaped it already.
    mutating func appendPrintable(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20, 0x7F...0x9F:
                append("\\u00")
                append(Self.hexDigits[Int(scalar.value >> 4)])
                append(Self.hexDigits[Int(scalar.value & 0xF)])
            default: append(contentsOf: String(scalar))
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
