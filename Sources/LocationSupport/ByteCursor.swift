/// Bytes written forward into scratch memory set aside for a whole line, which is then appended to its output at once.
///
/// How an encoder builds a line of many small pieces (tags, separators, numbers, a timestamp): each piece is a
/// bounded copy into memory on the stack, and the line costs one `Array.append(contentsOf:)`, where a line of a GPX
/// track point took about twenty-five (issue 30). Each write checks that it stays within the room
/// ``append(to:atMost:_:)`` set aside, and stops the program if it would not: that is a bug of the encoder (a room too
/// small for what it writes), never a matter of input.
///
/// Not thread-safe: a cursor lives on one thread, inside one call of ``append(to:atMost:_:)``.
public struct ByteCursor {
    /// Where the next byte goes.
    @usableFromInline var position: UnsafeMutablePointer<UInt8>
    /// The byte after the room.
    @usableFromInline let end: UnsafeMutablePointer<UInt8>
    /// The first byte of the room.
    @usableFromInline let start: UnsafeMutablePointer<UInt8>

    /// A cursor at the start of `room`, which must not be empty.
    ///
    /// - Parameter room: The memory written; it must stay valid while the cursor is used.
    @inlinable
    public init(room: UnsafeMutableBufferPointer<UInt8>) {
        start = room.baseAddress.unsafelyUnwrapped
        position = start
        end = start + room.count
    }

    /// Runs `body` with a cursor over `capacity` bytes of scratch memory, then appends what it wrote to `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: Where the line goes; nothing is appended when `body` throws.
    ///   - capacity: The most bytes `body` may write, at least 1. Up to 1,024 bytes live on the stack; more are
    ///     allocated.
    ///   - body: Writes the line.
    /// - Throws: What `body` throws.
    @inlinable
    public static func append(
        to bytes: inout [UInt8], atMost capacity: Int, _ body: (inout ByteCursor) throws -> Void
    ) rethrows {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
            var cursor = ByteCursor(room: room)
            try body(&cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(start: cursor.start, count: cursor.count))
        }
    }

    /// The number of bytes written so far.
    @inlinable public var count: Int { position - start }

    /// Forgets the bytes written after the first `count`.
    ///
    /// - Parameter count: 0 up to ``count``; a larger one stops the program.
    @inlinable
    public mutating func truncate(to count: Int) {
        precondition((0...self.count).contains(count), "truncating beyond the bytes written")
        position = start + count
    }

    /// Checks that `count` more bytes fit.
    @inlinable @inline(__always)
    func reserve(_ count: Int) {
        precondition(count >= 0 && end - position >= count, "a line longer than the room set aside for it")
    }

    /// Writes one byte.
    @inlinable @inline(__always)
    public mutating func put(_ byte: UInt8) {
        reserve(1)
        position.initialize(to: byte)
        position += 1
    }

    /// Writes text known at compile time, such as a tag.
    @inlinable @inline(__always)
    public mutating func put(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        reserve(count)
        position.update(from: text.utf8Start, count: count)
        position += count
    }

    /// Writes bytes.
    @inlinable @inline(__always)
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        position.update(from: base, count: bytes.count)
        position += bytes.count
    }

    /// Writes `value` in decimal, padded with leading zeros to `width` digits (``DecimalDigits``).
    ///
    /// - Parameters:
    ///   - value: Any `UInt64`.
    ///   - width: The fewest digits; zeros pad the value to it.
    @inlinable @inline(__always)
    public mutating func putDigits(_ value: UInt64, width: Int = 1) {
        let count = max(width, DecimalDigits.count(of: value))
        reserve(count)
        position += count
        _ = DecimalDigits.write(value, width: width, endingAt: position)
    }

    /// Writes a decimal number from its digits: `-` when `negative`, `integer`, and when `decimals` is above 0 a point
    /// and `fraction` padded with leading zeros to `decimals` digits.
    ///
    /// The one writer of the GPX writer's and the tool's numbers, which round them each by their own rules.
    ///
    /// - Parameters:
    ///   - integer: The integer part.
    ///   - fraction: The fraction's digits as an integer, below 10^`decimals`.
    ///   - decimals: The fraction's digits written, 0 up to ``DecimalDigits/maximumDigits``.
    ///   - negative: Whether a minus sign comes first.
    @inlinable @inline(__always)
    public mutating func putDecimal(integer: UInt64, fraction: UInt64, decimals: Int, negative: Bool) {
        let length = (negative ? 1 : 0) + DecimalDigits.count(of: integer) + (decimals > 0 ? decimals + 1 : 0)
        _ = put(exactly: length) { end in
            var start = end
            if decimals > 0 {
                start = DecimalDigits.write(fraction, width: decimals, endingAt: end) - 1
                start[0] = UInt8(ascii: ".")
            }
            start = DecimalDigits.write(integer, width: 1, endingAt: start)
            if negative { (start - 1).pointee = UInt8(ascii: "-") }
            return true
        }
    }

    /// Writes `count` bytes with `write`, which writes them backwards so that they end at the pointer it is given
    /// (as ``DecimalDigits`` and ``UTCTimestampText`` do) and returns `false` when it wrote nothing.
    ///
    /// - Returns: What `write` returns; the cursor moves only when it is `true`.
    @inlinable @inline(__always)
    public mutating func put(exactly count: Int, by write: (UnsafeMutablePointer<UInt8>) -> Bool) -> Bool {
        reserve(count)
        guard write(position + count) else { return false }
        position += count
        return true
    }
}
