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
    private static func parsePlainDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = text.startIndex
        var isNegative = false
        if index < text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            isNegative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < text.endIndex {
            let byte = text[index]
            if isDigit(byte) {
                guard digits < 19 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if sawPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, mantissa < 1 << 53, fractionDigits < exactPowersOfTen.count else { return nil }
        let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return isNegative ? -magnitude : magnitude
    }

    /// 10⁰ … 10²², every power of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { result, _ in result * 10 }
    }

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
        let scale = (0..<decimals).reduce(1.0) { result, _ in result * 10 }
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

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `bytes` without leading and trailing XML white space (space, tab, CR, LF).
    static func trimmingXMLWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, GPXXMLCharacters.isWhitespace(bytes[start]) { start += 1 }
        while end > start, GPXXMLCharacters.isWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
