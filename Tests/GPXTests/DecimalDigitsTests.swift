import LocationSupport
import Testing

/// The digit writer of the GPX writer and the tool's encoders (issue 30) against `String(_:)`, padded by hand.
@Suite struct DecimalDigitsTests {
    private func written(_ value: UInt64, width: Int = 1) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "x")]
        DecimalDigits.append(value, width: width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func expected(_ value: UInt64, width: Int = 1) -> String {
        let digits = String(value)
        return "x" + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    @Test(
        arguments: [
            0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 12_345, 100_000, 999_999_999, 1_000_000_000,
            10_000_000_000_000_000_000, UInt64.max - 1, UInt64.max,
        ] as [UInt64])
    func everyDigitCountAndItsBoundaries(_ value: UInt64) {
        #expect(written(value) == expected(value))
        #expect(written(value, width: 9) == expected(value, width: 9))
        #expect(written(value, width: 24) == expected(value, width: 24))
    }

    @Test func paddingAsTheWriterUsesIt() {
        #expect(written(5, width: 3) == "x005")
        #expect(written(0, width: 9) == "x000000000")
        #expect(written(123_456, width: 2) == "x123456")
        #expect(written(7, width: 0) == "x7")
    }

    @Test func agreesWithStringOnAFixedSample() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<10_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = state >> (state % 64)
            let width = Int(state % 23)
            #expect(written(value, width: width) == expected(value, width: width))
        }
    }

    @Test func digitCountAgreesWithString() {
        var value: UInt64 = 1
        for _ in 0..<19 {
            for probe in [value - 1, value, value + 1, value &* 9] {
                #expect(DecimalDigits.count(of: probe) == String(probe).count, "\(probe)")
            }
            value *= 10
        }
        #expect(DecimalDigits.count(of: UInt64.max) == 20)
    }

    /// The line cursor of the GPX writer (issue 30) writes forward, truncates, and appends only what it wrote.
    @Test func byteCursorWritesForwardAndAppendsOnce() {
        var bytes: [UInt8] = Array("x".utf8)
        ByteCursor.append(to: &bytes, atMost: 40) { cursor in
            cursor.put("ab")
            cursor.putDigits(42, width: 4)
            cursor.put(UInt8(ascii: ";"))
            let mark = cursor.count
            cursor.put("dropped")
            cursor.truncate(to: mark)
            "é".utf8CString.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: UInt8.self) { cursor.put(UnsafeBufferPointer(rebasing: $0.dropLast())) }
            }
            #expect(
                cursor.put(exactly: 3) { end in
                    (end - 3).update(repeating: UInt8(ascii: "z"), count: 3)
                    return true
                })
            #expect(!cursor.put(exactly: 5) { _ in false })
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "xab0042;ézzz")
    }

    @Test func byteCursorAppendsNothingWhenItsWriterThrows() {
        struct Refused: Error {}
        var bytes: [UInt8] = Array("kept".utf8)
        #expect(throws: Refused.self) {
            try ByteCursor.append(to: &bytes, atMost: 8) { cursor in
                cursor.put("gone")
                throw Refused()
            }
        }
        #expect(bytes == Array("kept".utf8))
    }
}
