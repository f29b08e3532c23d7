import LocationSupport

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
        let kept = lowBytes(count)
        let bytes = word & kept
        let points = pointBytes(bytes) & kept
        guard points & (points &- 1) == 0, nonDigits(bytes, kept: kept) & ~points == 0 else { return nil }
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
        // At most eight digits: the signed conversion, a single instruction, is exact.
        return Double(Int64(truncatingIfNeeded: combined(digits, count: digitCount))) / powerOfTen(fractionDigits)
    }

    /// ``angleParts(_:from:to:)`` of a field of three to seven digits, a point and up to eight digits, read as two
    /// words (the digits before the point, then those after it), when the 8 bytes from its start and from its point
    /// lie in `bytes`; nil decides nothing (the byte-by-byte reading then does).
    ///
    /// The two parts' digits make the mantissa the byte-by-byte reading accumulates (at most 15 digits, exact), with
    /// as many fraction digits, so the quotient is the same (issue 30).
    @inline(__always)
    static func shortAngleParts(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (
        whole: Int, value: Double
    )? {
        guard start >= 0, end <= bytes.count, start &+ 8 <= bytes.count, let base = bytes.baseAddress else {
            return nil
        }
        let raw = UnsafeRawPointer(base)
        let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        // The first point among the first 8 bytes.
        let point = pointBytes(head).trailingZeroBitCount >> 3
        let fractionStart = start &+ point &+ 1
        let fractionCount = end &- fractionStart
        guard point >= 3, point < 8, fractionStart <= end, fractionCount <= 8, fractionStart &+ 8 <= bytes.count,
            let whole = shortDigits(head, count: point)
        else { return nil }
        let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: fractionStart, as: UInt64.self))
        guard let fraction = shortDigits(tail, count: fractionCount) else { return nil }
        let mantissa = whole &* DecimalDigits.powerOfTen(fractionCount) &+ fraction
        return (Int(truncatingIfNeeded: whole), Double(Int64(truncatingIfNeeded: mantissa)) / powerOfTen(fractionCount))
    }

    /// The value of the digits in the low `count` bytes of `word` (0...8, first character lowest; 0 for none), or
    /// nil when one of them is not a digit: the digits combined as ``shortDecimal(_:count:)`` combines them.
    @inline(__always)
    static func shortDigits(_ word: UInt64, count: Int) -> UInt64? {
        if count == 0 { return 0 }
        let kept = lowBytes(count)
        let bytes = word & kept
        guard nonDigits(bytes, kept: kept) == 0 else { return nil }
        return combined(bytes, count: count)
    }

    /// The mask of the low `count` bytes of a word (1...8).
    @inline(__always)
    private static func lowBytes(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1
    }

    /// The high bit of each byte of `word` that is `.`; exact per byte, with no borrow between bytes.
    @inline(__always)
    private static func pointBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ 0x2E2E_2E2E_2E2E_2E2E
        return ~(((difference & lows) &+ lows) | difference) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `bytes` within `kept` that is not a digit (its low seven bits above 0x39 or below
    /// 0x30, or its high bit set); exact per byte, with no carry between bytes.
    @inline(__always)
    private static func nonDigits(_ bytes: UInt64, kept: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7 = bytes & 0x7F7F_7F7F_7F7F_7F7F
        return ((low7 &+ ones &* 0x46) | ~(low7 &+ ones &* 0x50) | bytes) & kept & 0x8080_8080_8080_8080
    }

    /// The value of the `count` digits (1...8) in the low bytes of `digits`, first digit lowest, every other byte
    /// zero: moved to the high bytes, leading zero bytes below, and combined in pairs, then fours, then all (three
    /// multiplications).
    @inline(__always)
    private static func combined(_ digits: UInt64, count: Int) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var value = digits &<< UInt64(8 &* (8 &- count))
        value = ((value & (ones &* 0x0F)) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return value
    }
}
