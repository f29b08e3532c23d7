import Glibc
import LocationSupport

extension OutputBuffer {
    /// The largest number of decimals the formatter handles itself: 10⁸ and every value scaled by it below
    /// 2⁵² are exact in a `Double`.
    static let maximumDecimals = 8

    /// Appends `value` with exactly `decimals` decimals (0…8), byte for byte what C's `printf("%.*f")` writes:
    /// the exact binary value correctly rounded, ties to even; `-` for every negative value, negative zero
    /// and values that round to zero included (`-0.000`); `nan`, `-nan`, `inf`, `-inf` when not finite.
    ///
    /// Values whose scaled magnitude reaches 2⁵² (above 45 million with 8 decimals) are handed to
    /// `snprintf`, which is exact at any size, and so are more than 8 decimals.
    mutating func appendFixed(_ value: Double, _ decimals: Int) {
        guard let rounded = Self.scaledMagnitude(value, decimals) else {
            appendPrintf(value, decimals)
            return
        }
        appendScaled(rounded, decimals, negative: value.sign == .minus, trimmed: false)
    }

    /// Appends the shortest text of `value` rounded to `decimals` decimals (0…8): what ``appendFixed(_:_:)``
    /// writes without the trailing zeros, keeping one decimal (`-1.0`, `170.6`); a value that rounds to
    /// zero is `0.0`, never `-0.0`; `null` when not finite.
    ///
    /// The rules of Docs/CLI.md for JSON Lines, CSV and `--format-string`.
    ///
    /// `prefix` is appended first (a separator, a JSON member's name): in the same append as the number when it is
    /// written exactly, which is the usual case.
    mutating func appendDecimal(_ value: Double, _ decimals: Int, after prefix: StaticString = "") {
        guard value.isFinite else {
            append(prefix)
            append("null")
            return
        }
        guard let rounded = Self.scaledMagnitude(value, decimals) else {
            append(prefix)
            let start = count
            appendPrintf(value, decimals)
            trimFraction(from: start)
            return
        }
        if rounded == 0 {
            append(prefix)
            append("0.0")
            return
        }
        appendScaled(rounded, decimals, negative: value.sign == .minus, trimmed: true, after: prefix)
    }

    /// Appends a direction in degrees (a course, a heading), written 0 when it lies below 360° but rounds to 360.
    ///
    /// Written as ``appendDecimal(_:_:after:)`` does, or as ``appendFixed(_:_:)`` when `fixed`; 0 is the same
    /// direction, in the range 0..<360 that directions have (issue 32: 359.9999° was printed as `360.0`). Invalid
    /// markers (−1) and other values are written as they are.
    mutating func appendDirection(
        _ degrees: Double, _ decimals: Int, fixed: Bool = false, after prefix: StaticString = ""
    ) {
        let full = (0...Self.maximumDecimals).contains(decimals) ? 360 * DecimalDigits.powerOfTen(decimals) : nil
        let shown = degrees >= 0 && degrees < 360 && Self.scaledMagnitude(degrees, decimals) == full ? 0 : degrees
        if fixed {
            append(prefix)
            appendFixed(shown, decimals)
        } else {
            appendDecimal(shown, decimals, after: prefix)
        }
    }

    /// `|value|` × 10^`decimals`, rounded as `printf` rounds it; `nil` when not finite, when `decimals` is
    /// outside 0…8, or when the scaled value is too large to be exact.
    ///
    /// The product is rounded once more than the exact value is, so the rounding decision uses its exact
    /// error (a fused multiply-add): the product is `p + e` exactly. Its fraction `p − ⌊p⌋` and that fraction
    /// minus ½ are exact, and are multiples of the ulp of `p` while `|e|` is at most half of it, so `e`
    /// decides only an exact tie of `p`; a true tie (`e` = 0) goes to the even neighbour.
    private static func scaledMagnitude(_ value: Double, _ decimals: Int) -> UInt64? {
        guard value.isFinite, (0...maximumDecimals).contains(decimals) else { return nil }
        let scale = Double(DecimalDigits.powerOfTen(decimals))
        let magnitude = value.magnitude
        let product = magnitude * scale
        guard product < 4_503_599_627_370_496 else { return nil }  // 2⁵²
        // The conversion truncates, which is the floor of a non-negative product: no call to `floor` (issue 30).
        let floor = Int64(product)
        let aboveHalf = (product - Double(floor)) - 0.5
        guard aboveHalf != 0 else {
            // Only a tie of the product needs its error (a call to `fma`).
            let error = (-product).addingProduct(magnitude, scale)
            return UInt64(floor) + (error > 0 || (error == 0 && floor & 1 == 1) ? 1 : 0)
        }
        return UInt64(floor) + (aboveHalf > 0 ? 1 : 0)
    }

    /// Appends `scaled` / 10^`decimals` (`decimals` in 0…8) with `decimals` decimals, after a `-` when `negative`;
    /// when `trimmed`, without the trailing zeros, keeping one decimal (`.0` added to a number without decimals);
    /// `prefix` before it all.
    ///
    /// Written in place with its prefix (``write(atMost:_:)``): one check of room per number, where the prefix, the
    /// integer, the point, the fraction and the trimming took five appends (issue 30).
    private mutating func appendScaled(
        _ scaled: UInt64, _ decimals: Int, negative: Bool, trimmed: Bool, after prefix: StaticString = ""
    ) {
        let unit = DecimalDigits.powerOfTen(decimals)
        let integer = scaled / unit
        var fraction = scaled % unit
        var shown = decimals
        if trimmed {
            if shown == 0 { shown = 1 }
            while shown > 1, fraction % 10 == 0 {
                fraction /= 10
                shown -= 1
            }
        }
        // A prefix, a sign, 16 integer digits (the scaled value is below 2⁵²), a point and 8 decimals fit.
        write(atMost: prefix.utf8CodeUnitCount + 2 * DecimalDigits.maximumDigits + 2) { cursor in
            cursor.put(prefix)
            cursor.putDecimal(integer: integer, fraction: fraction, decimals: shown, negative: negative)
        }
    }

    /// Removes the trailing zeros of the number that starts at `start`, keeping one decimal, and adds `.0` to
    /// a number without decimals.
    private mutating func trimFraction(from start: Int) {
        guard let point = bytes[start...].firstIndex(of: UInt8(ascii: ".")) else {
            append(".0")
            return
        }
        var end = count
        while end > point + 2, bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
        removeLast(count - end)
    }

    /// Appends what `snprintf(…, "%.*f", decimals, value)` writes, for the values the exact path does not
    /// cover.
    private mutating func appendPrintf(_ value: Double, _ decimals: Int) {
        // 309 integer digits, a sign, a point and the decimals fit; `%.*f` of a Double needs no more.
        var text = [CChar](repeating: 0, count: 330 + max(0, decimals))
        let length = text.withUnsafeMutableBufferPointer { buffer in
            withVaList([Int32(clamping: decimals), value]) { arguments in
                vsnprintf(buffer.baseAddress, buffer.count, "%.*f", arguments)
            }
        }
        for index in 0..<Int(max(0, min(length, Int32(text.count - 1)))) { append(UInt8(bitPattern: text[index])) }
    }
}
