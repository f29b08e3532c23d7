extension LocationProviderURI {
    /// The value of a decimal number as people write it in provider URIs and on command lines: an optional sign,
    /// digits with an optional fraction (`8`, `2.5`, `.5`, `5.`) and an optional exponent (`1e3`).
    ///
    /// `Double(_:)` also reads hexadecimal floats (`0x1p3` is 8), `inf`, `infinity` and `nan`: nobody means those
    /// in `?speed=`, `fixed:LAT,LON` or `--duration` (issue 32: `--duration 0x1p3` ran 8 s), so they are refused.
    /// So is a number other than zero too small for a `Double` (`1e-400`): it would read as 0, which means "off"
    /// for the tool's limits (`--duration 1e-400` ran without a limit). Thread-safe.
    ///
    /// - Parameter text: The number's text, without surrounding spaces.
    /// - Returns: The number, or `nil` for any other text or a number too large or, other than zero, too small for a
    ///   `Double` (a subnormal result, such as `5e-324`, is kept).
    public static func decimalNumber(_ text: some StringProtocol) -> Double? {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let mantissa = bytes.prefix { isDigit($0) || $0 == UInt8(ascii: ".") }
        guard mantissa.contains(where: isDigit), mantissa.filter({ $0 == UInt8(ascii: ".") }).count <= 1 else {
            return nil
        }
        var exponent = bytes.dropFirst(mantissa.count)
        if let marker = exponent.first {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            exponent = exponent.dropFirst()
            if let sign = exponent.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponent = exponent.dropFirst()
            }
            guard !exponent.isEmpty, exponent.allSatisfy(isDigit) else { return nil }
        }
        guard let number = Double(String(text)), number.isFinite else { return nil }
        let writtenAsZero = !mantissa.contains { isDigit($0) && $0 != UInt8(ascii: "0") }
        return number != 0 || writtenAsZero ? number : nil
    }
}
