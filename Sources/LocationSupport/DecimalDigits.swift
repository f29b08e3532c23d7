/// Unsigned integers appended in decimal to a byte array: how the GPX writer and the tool's encoders write every
/// number.
///
/// Two digits per step from a table of the pairs 00…99, written backwards into a scratch buffer on the stack and then
/// appended at once: a division by the constant 100 (a multiplication) per two digits, where the GPX writer divided
/// by a variable power of ten twice per digit (issue 30). No `String`, no locale.
package enum DecimalDigits {
    /// Appends `value` in decimal, padded with leading zeros to `width` digits.
    ///
    /// - Parameters:
    ///   - value: Any `UInt64`; 0 is written `0`.
    ///   - width: The fewest digits written; a value with more digits is written whole.
    ///   - bytes: Where the ASCII digits are appended.
    package static func append(_ value: UInt64, width: Int = 1, to bytes: inout [UInt8]) {
        // 20 digits hold UInt64.max.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var remaining = value
            var start = scratch.count
            pairs.withUTF8Buffer { pairs in
                while remaining >= 100 {
                    let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
                    remaining /= 100
                    start &-= 2
                    scratch[start] = pairs[pair]
                    scratch[start &+ 1] = pairs[pair &+ 1]
                }
                if remaining >= 10 {
                    let pair = Int(truncatingIfNeeded: remaining) &* 2
                    start &-= 2
                    scratch[start] = pairs[pair]
                    scratch[start &+ 1] = pairs[pair &+ 1]
                } else {
                    start &-= 1
                    scratch[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
                }
            }
            let count = scratch.count - start
            if width > count { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[start...]))
        }
    }

    /// The pairs `00` to `99`, two bytes each; a literal, so that reading it costs no lazy initialisation.
    private static var pairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }
}
