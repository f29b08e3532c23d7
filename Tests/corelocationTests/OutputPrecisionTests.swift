import Foundation
import Testing

@testable import corelocation

/// JSON numbers carry the precision of their kind in their shortest form (Docs/CLI.md), without binary noise.
@Suite struct OutputPrecisionTests {
    @Test func decimalIsTheShortestTextOfTheRoundedValue() {
        #expect(Numbers.decimal(170.60000000000002, 3) == "170.6")
        #expect(Numbers.decimal(98.4000015258789, 3) == "98.4")
        #expect(Numbers.decimal(-1, 2) == "-1.0")
        #expect(Numbers.decimal(-0.0001, 3) == "0.0")
        #expect(Numbers.decimal(200.24069927160085, 3) == "200.241")
        #expect(Numbers.decimal(45.7578300, 8) == "45.75783")
        #expect(Numbers.decimal(.nan, 3) == "null")
    }

    /// Issue 32: 359.9999° was printed as `360.0`; a direction is below 360°.
    @Test func aDirectionThatRoundsTo360IsWrittenAsZero() {
        func direction(_ degrees: Double, _ decimals: Int, fixed: Bool = false) -> String {
            var buffer = OutputBuffer(capacity: 32)
            buffer.appendDirection(degrees, decimals, fixed: fixed)
            return String(decoding: buffer.bytes, as: UTF8.self)
        }
        #expect(direction(359.9999, 3) == "0.0")
        #expect(direction(359.9995, 3) == "0.0")
        #expect(direction(359.9994, 3) == "359.999")
        #expect(direction(359.96, 1, fixed: true) == "0.0")
        #expect(direction(359.94, 1, fixed: true) == "359.9")
        #expect(direction(-1, 3) == "-1.0", "the invalid marker stays")
        #expect(direction(0, 3) == "0.0")
    }
}
