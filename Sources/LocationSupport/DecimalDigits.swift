/// Unsigned integers appended in decimal to a byte array: how the GPX writer and the tool's encoders write every
/// number.
///
/// Two digits per step from a table of the pairs 00…99, written backwards (``write(_:width:endingAt:)``) into a
/// scratch buffer on the stack, and then appended at once: a division by the constant 100 (a multiplication) per two
/// digits, where the GPX writer divided by a variable power of ten twice per digit (issue 30). An encoder that writes
/// a whole number (sign, integer, point, fraction) or a whole timestamp into one scratch buffer appends it with one
/// `Array.append(contentsOf:)` instead of one per part. No `String`, no locale.
public enum DecimalDigits {
    /// The most digits ``write(_:width:endingAt:)`` writes for any value and any width up to this: `UInt64.max` has
    /// 20.
    @inlinable public static var maximumDigits: Int { 20 }

    /// Appends `value` in decimal, padded with leading zeros to `width` digits.
    ///
    /// - Parameters:
    ///   - value: Any `UInt64`; 0 is written `0`.
    ///   - width: The fewest digits written; a value with more digits is written whole.
    ///   - bytes: Where the ASCII digits are appended.
    package static func append(_ value: UInt64, width: Int = 1, to bytes: inout [UInt8]) {
        if width > maximumDigits {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - maximumDigits))
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumDigits) { scratch in
            let end = scratch.baseAddress.unsafelyUnwrapped + maximumDigits
            let start = write(value, width: min(width, maximumDigits), endingAt: end)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    /// 10 to the power `exponent`, for `exponent` in 0…8 (1 otherwise, which no caller asks for): the scales of the
    /// decimals the NMEA reader and the tool's number writers handle in integers.
    ///
    /// Constants the compiler puts in a table, where a static array costs a lazy-initialisation check and a bounds
    /// check per number (issue 30).
    ///
    /// - Parameter exponent: 0 through 8.
    /// - Returns: 1 through 100,000,000.
    @inlinable @inline(__always)
    public static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        default: 1
        }
    }

    /// The number of digits of `value` in decimal, 1 for 0.
    ///
    /// - Parameter value: Any `UInt64`.
    /// - Returns: 1 up to ``maximumDigits``.
    @inlinable @inline(__always)
    public static func count(of value: UInt64) -> Int {
        var digits = 1
        var bound: UInt64 = 10
        while digits < maximumDigits, value >= bound {
            digits &+= 1
            bound &*= 10
        }
        return digits
    }

    /// Writes `value` in decimal, padded with leading zeros to `width` digits, into the bytes just before `end`, and
    /// returns where the digits start.
    ///
    /// - Parameters:
    ///   - value: Any `UInt64`; 0 is written `0`.
    ///   - width: The fewest digits written, at most ``maximumDigits``; a value with more digits is written whole.
    ///   - end: The byte after the last digit; the ``maximumDigits`` bytes before it must be writable.
    /// - Returns: The first digit written: `end` less the number of digits.
    @inlinable @inline(__always)
    public static func write(
        _ value: UInt64, width: Int, endingAt end: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var remaining = value
        var start = end
        pairs.withUTF8Buffer { pairs in
            let pairs = pairs.baseAddress.unsafelyUnwrapped
            while remaining >= 100 {
                let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
                remaining /= 100
                start -= 2
                start[0] = pairs[pair]
                start[1] = pairs[pair &+ 1]
            }
            if remaining >= 10 {
                let pair = Int(truncatingIfNeeded: remaining) &* 2
                start -= 2
                start[0] = pairs[pair]
                start[1] = pairs[pair &+ 1]
            } else {
                start -= 1
                start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
            }
        }
        let padded = end - width
        while start > padded {
            start -= 1
            start[0] = UInt8(ascii: "0")
        }
        return start
    }

    /// The pairs `00` to `99`, two bytes each; a literal, so that reading it costs no lazy initialisation.
    @usableFromInline static var pairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }
}
