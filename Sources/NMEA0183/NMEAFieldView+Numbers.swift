// The byte-level number readers the field readers use: digits, signed digits, decimals with an exact fast path.
extension NMEAFieldView {
    /// Digits only, no sign; nil when empty or any other byte is present.
    static func parseDigits<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int? {
        guard !text.isEmpty, text.count <= 18 else { return nil }
        var value = 0
        for byte in text {
            let digit = byte &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)  // at most 18 digits: no overflow
        }
        return value
    }

    /// A decimal number too long for ``parseDecimal(_:)``'s exact path, through the library; out of line, off that
    /// path.
    @inline(never)
    private static func parseLongDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        Double(String(decoding: text, as: UTF8.self))
    }

    /// 10 to the power `exponent`, exactly, for 0 through 22 (the exact powers of ten in a `Double`).
    ///
    /// Inlined: a load from a table, where a call cost more than the load for every decimal field (issue 30).
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// `[+-]digits[.digits]`, at least one digit, correctly rounded.
    ///
    /// One loop that only accumulates the digits and notes the point; the counts follow from the positions.
    static func parseDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        let digitsStart = index
        var mantissa: UInt64 = 0
        var dot = -1
        while index < text.count {
            let digit = text[index] &- 0x30
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else if text[index] == UInt8(ascii: "."), dot < 0 {
                dot = index
            } else {
                return nil
            }
            index &+= 1
        }
        let digitCount = text.count - digitsStart - (dot < 0 ? 0 : 1)
        guard digitCount > 0 else { return nil }
        let fractionDigits = dot < 0 ? 0 : text.count - 1 - dot
        // Exact integer over an exact power of ten gives a correctly rounded quotient. Past 15 digits the mantissa
        // is exact only when the leading ones are zeros; longer inputs use the library.
        guard digitCount <= 15 || significantDigits(text[digitsStart...]) <= 15, fractionDigits <= 22 else {
            return parseLongDecimal(text)
        }
        let value = Double(mantissa) / powerOfTen(fractionDigits)
        return negative ? -value : value
    }

    /// How many digits of `digits` (digits and one point) follow its leading zeros; off ``parseDecimal(_:)``'s path.
    @inline(never)
    private static func significantDigits(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        let significand = digits.drop { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
        return significand.count - (significand.contains(UInt8(ascii: ".")) ? 1 : 0)
    }

    /// Digits with an optional leading `-`; nil when there are no digits or any other byte is present.
    static func parseSignedDigits(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.first == UInt8(ascii: "-") else { return parseDigits(text) }
        return parseDigits(UnsafeBufferPointer(rebasing: text[1...])).map { -$0 }
    }
}
