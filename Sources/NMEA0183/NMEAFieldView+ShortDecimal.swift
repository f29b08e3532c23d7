// Decimal fields of up to eight characters after the sign (DOPs, altitudes, speeds, courses, headings), read as one
// 64-bit word instead of byte by byte.
extension NMEAFieldView {
    /// ``parseDecimal(_:)`` of `bytes[start..<end]` (a range within `bytes`): the same value or nil, bit for bit.
    ///
    /// A field of one to eight characters after its sign is read as one word (``shortDecimal(_:count:)``): loaded
    /// from its start when eight bytes of `bytes` follow it, else ending at its end (the word's extra bytes are
    /// masked off). Longer fields go byte by byte.
    static func parseDecimal(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var first = start
        var negative = false
        if first < end, bytes[first] == UInt8(ascii: "-") || bytes[first] == UInt8(ascii: "+") {
            negative = bytes[first] == UInt8(ascii: "-")
            first &+= 1
        }
        let count = end &- first
        guard count >= 1, count <= 8, let base = bytes.baseAddress, start >= 0, end <= bytes.count else {
            return parseDecimal(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        let raw = UnsafeRawPointer(base)
        let word: UInt64
        if first &+ 8 <= bytes.count {
            word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: first, as: UInt64.self))
        } else if end >= 8 {
            // The eight bytes that end with the field, shifted so that the field's first character is the lowest.
            word =
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self))
                &>> UInt64(8 &* (8 &- count))
        } else {
            return parseDecimal(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        guard let value = shortDecimal(word, count: count) else { return nil }
        return negative ? -value : value
    }

    /// The decimal number `digits[.digits]` (at least one digit) in the low `count` bytes of `word` (1...8, first
    /// character lowest), or nil when they are anything else.
    ///
    /// Exact per byte, with no carry between bytes: at most one point, every other byte a digit. The digits without
    /// the point, at most eight, are combined as eight digits with leading zeros (pairs, then fours, then all:
    /// three multiplications), so the mantissa and the count of fraction digits are those of the byte-by-byte
    /// reading, and so is the quotient by the exact power of ten.
    @inline(__always)
    static func shortDecimal(_ word: UInt64, count: Int) -> Double? {
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let ones: UInt64 = 0x0101_0101_0101_0101
        let kept: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1
        let bytes = word & kept
        let keptHighs = kept & highs
        // The point: the bytes equal to '.', exactly (no borrow between bytes).
        let pointDifference = bytes ^ (ones &* 0x2E)
        let points = ~(((pointDifference & lows) &+ lows) | pointDifference) & keptHighs
        guard points & (points &- 1) == 0 else { return nil }
        // Anything but a digit: low seven bits above 0x39 or below 0x30, or the high bit set.
        let low7 = bytes & lows
        let notDigit = (((low7 &+ ones &* 0x46) | ~(low7 &+ ones &* 0x50) | bytes) & keptHighs) & ~points
        guard notDigit == 0 else { return nil }
        var digits = bytes
        var digitCount = count
        var fractionDigits = 0
        if points != 0 {
            let point = points.trailingZeroBitCount >> 3
            let below: UInt64 = (1 &<< UInt64(8 &* point)) &- 1
            // The bytes after the point moved down over it (two shifts, each below 64 bits: nothing may follow).
            digits = (bytes & below) | (((bytes &>> UInt64(8 &* point)) &>> 8) &<< UInt64(8 &* point))
            digitCount &-= 1
            fractionDigits = count &- 1 &- point
        }
        guard digitCount > 0 else { return nil }
        // The digits in the high bytes, leading zero bytes below: the first digit is the most significant.
        var value = digits &<< UInt64(8 &* (8 &- digitCount))
        value = ((value & (ones &* 0x0F)) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        // At most eight digits: the signed conversion, a single instruction, is exact.
        return Double(Int64(truncatingIfNeeded: value)) / powerOfTen(fractionDigits)
    }
}
