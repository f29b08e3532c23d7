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
}
