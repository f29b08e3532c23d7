import LocationSupport

/// Parsing and formatting of the decimal numbers GPX uses (XML Schema `decimal`, `double`, integers).
enum GPXDecimal {
    /// Parses a finite decimal such as `-12.5`, `+3`, `.5` or `1.2e-3`; surrounding XML white space is ignored.
    ///
    /// Rejects what Swift's `Double(_:)` would also take but XML does not mean as a number: `nan`, `inf`,
    /// hexadecimal floats. The result is `Double(_:)`'s, correctly rounded: plain decimals of at most 19
    /// significant digits whose digits fit in 53 bits, with at most 22 fraction digits, are computed exactly as
    /// one IEEE division of two exact values (Clinger's fast path); everything else goes through `Double(_:)`.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let trimmed = trimmingXMLWhitespace(text)
        if let value = parsePlainDecimal(trimmed) { return value }
        guard !trimmed.isEmpty,
            trimmed.allSatisfy({
                isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }),
            let value = Double(String(decoding: trimmed, as: UTF8.self)), value.isFinite
        else { return nil }
        return value
    }

    /// `[+-]? digits ('.' digits?)?` or `[+-]? '.' digits` within the exact range, else `nil`.
    ///
    /// Walks the bytes by pointer, the digits of each part in a tight loop: the mantissa may wrap while it reads
    /// more than 19 digits, but such a number is refused as before (more than 19 digits are not exact).
    private static func parsePlainDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard var cursor = text.baseAddress else { return nil }
        let end = cursor + text.count
        var isNegative = false
        if cursor < end, cursor[0] == UInt8(ascii: "-") || cursor[0] == UInt8(ascii: "+") {
            isNegative = cursor[0] == UInt8(ascii: "-")
            cursor += 1
        }
        var mantissa: UInt64 = 0
        let integerStart = cursor
        while cursor < end, case let digit = cursor[0] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            cursor += 1
        }
        var digits = cursor - integerStart
        var fractionDigits = 0
        if cursor < end, cursor[0] == UInt8(ascii: ".") {
            cursor += 1
            let fractionStart = cursor
            while cursor < end, case let digit = cursor[0] &- UInt8(ascii: "0"), digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                cursor += 1
            }
            fractionDigits = cursor - fractionStart
            digits += fractionDigits
        }
        guard cursor == end, digits > 0, digits <= 19, mantissa < 1 << 53, fractionDigits < exactPowersOfTen.count
        else { return nil }
        let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return isNegative ? -magnitude : magnitude
    }

    /// 10⁰ … 10²², every power of ten a `Double` holds exactly.
    ///
    /// Written out: a table of literals is laid down when the program is built, where one computed at first use was
    /// checked for at every number.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// Parses a non-negative integer such as `7` or `+7`, ignoring surrounding white space.
    static func parseCount(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let trimmed = trimmingXMLWhitespace(text)
        let digits = trimmed.first == UInt8(ascii: "+") ? UnsafeBufferPointer(rebasing: trimmed.dropFirst()) : trimmed
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// Formats a finite value with exactly `decimals` fraction digits, rounding half away from
    /// zero; `nil` when the scaled value does not fit in 53 bits (so digits would be invented).
    static func format(_ value: Double, decimals: Int) -> String? {
        var text: [UInt8] = []
        var written = false
        ByteCursor.append(to: &text, atMost: longestText) { written = append(value, decimals: decimals, to: &$0) }
        return written ? String(decoding: text, as: UTF8.self) : nil
    }

    /// The longest text ``append(_:decimals:to:)`` writes: a sign, a point and 20 digits (`-0.` and 19 decimals).
    static let longestText = 2 + DecimalDigits.maximumDigits

    /// Writes what ``format(_:decimals:)`` returns, without building a string; writes nothing and returns `false`
    /// where it returns `nil`.
    ///
    /// - Parameters:
    ///   - value: Any `Double`.
    ///   - decimals: 0 up to 19; more make it `nil`.
    ///   - line: Where the text goes, forward, with room for ``longestText`` bytes.
    /// - Returns: Whether the text was written.
    static func append(_ value: Double, decimals: Int, to line: inout ByteCursor) -> Bool {
        guard value.isFinite, (0..<DecimalDigits.maximumDigits).contains(decimals) else { return false }
        let scale = scale(decimals)
        let product = value * scale
        let magnitude = product.magnitude
        guard magnitude < 9_007_199_254_740_992 else { return false }  // 2⁵³
        // Rounded half away from zero on integers: the truncation is the floor of the magnitude, and the fraction
        // left is exact below 2⁵³; no call to `round` (issue 30).
        var rounded = UInt64(magnitude)
        if magnitude - Double(rounded) >= 0.5 { rounded += 1 }
        let negative = product < 0 && rounded > 0
        let unit = UInt64(scale)
        line.putDecimal(integer: rounded / unit, fraction: rounded % unit, decimals: decimals, negative: negative)
        return true
    }

    /// 10^`decimals`, exact for 0…19: the writer's 2, 3 and 8 decimals from a table, not a loop of multiplications
    /// per number (issue 30).
    @inline(__always)
    private static func scale(_ decimals: Int) -> Double {
        switch decimals {
        case 2: 100
        case 3: 1000
        case 8: 100_000_000
        default: (0..<max(0, decimals)).reduce(1.0) { result, _ in result * 10 }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `bytes` without leading and trailing XML white space (space, tab, CR, LF).
    @inline(__always)
    static func trimmingXMLWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, GPXXMLCharacters.isWhitespace(bytes[start]) { start += 1 }
        while end > start, GPXXMLCharacters.isWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
