import LocationSupport

/// Bytes of output being built: the encoders append lines here, and ``StandardOutput`` writes them in large
/// blocks.
///
/// Appending ASCII and integers touches no `String`, no Foundation and no locale, which is what makes the
/// encoders fast (issue 17); strings are appended as their UTF-8 bytes.
struct OutputBuffer {
    /// The bytes appended so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes appended.
    var count: Int { bytes.count }

    /// Forgets the bytes, keeping the memory for the next ones.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Runs `body` with the bytes, for encoders of other modules that append to a `[UInt8]`.
    mutating func withBytes(_ body: (inout [UInt8]) throws -> Void) rethrows {
        try body(&bytes)
    }

    /// Removes the last `count` bytes.
    mutating func removeLast(_ count: Int) {
        bytes.removeLast(count)
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends text known at compile time, such as a JSON key with its quotes.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `text`.
    mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes written elsewhere, such as a number in a scratch buffer.
    @inline(__always)
    mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Appends bytes.
    mutating func append(contentsOf other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Appends a non-negative integer in decimal, padded with leading zeros to `width` digits.
    mutating func append(_ value: UInt64, width: Int = 1) {
        DecimalDigits.append(value, width: width, to: &bytes)
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
