/// Parsing and formatting of the decimal numbers GPX uses (XML Schema `decimal`, `double`, integers).
enum GPXDecimal {
    /// Parses a finite decimal such as `-12.5`, `+3`, `.5` or `1.2e-3`; surrounding XML
    /// whitespace is ignored.
    ///
    /// Rejects what Swift's `Double(_:)` would also take but XML does
    /// not mean as a number: `nan`, `inf`, hexadecimal floats.
    static func parse<S: StringProtocol>(_ text: S) -> Double? {
        let trimmed = text.trimmingXMLWhitespace()
        guard !trimmed.isEmpty,
            trimmed.utf8.allSatisfy({
                isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }),
            let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }

    /// Parses a non-negative integer such as `7` or `+7`, ignoring surrounding whitespace.
    static func parseCount<S: StringProtocol>(_ text: S) -> Int? {
        let trimmed = text.trimmingXMLWhitespace()
        let digits = trimmed.hasPrefix("+") ? Substring(trimmed.dropFirst()) : Substring(trimmed)
        guard !digits.isEmpty, digits.utf8.allSatisfy(isDigit) else { return nil }
        return Int(digits)
    }

    /// Formats a finite value with exactly `decimals` fraction digits, rounding half away from
    /// zero; `nil` when the scaled value does not fit in 53 bits (so digits would be invented).
    static func format(_ value: Double, decimals: Int) -> String? {
        let scale = (0..<decimals).reduce(1.0) { result, _ in result * 10 }
        let scaled = (value * scale).rounded()
        guard value.isFinite, abs(scaled) < 9_007_199_254_740_992 else { return nil }
        let magnitude = Int64(abs(scaled))
        let unit = Int64(scale)
        let fraction = String(magnitude % unit)
        let sign = scaled < 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(magnitude) }
        return sign + String(magnitude / unit) + "."
            + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension StringProtocol {
    /// The text without leading and trailing XML whitespace (space, tab, CR, LF).
    func trimmingXMLWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let string = Substring(self)
        guard let first = string.firstIndex(where: { !isSpace($0) }),
            let last = string.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return string[first...last]
    }
}
