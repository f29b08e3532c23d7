import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import corelocation

/// The number formatter against `String(format:)` (``ReferenceEncoders``) on a million values of every kind:
/// random bit patterns of every magnitude, coordinates with full mantissas, decimals a receiver writes, and
/// values one or two ulps from a rounding tie, each with 0 to 8 decimals; drawn by ``SplitMix64`` from fixed seeds, so
/// the same values on every run.
@Suite struct NumberFormatterTests {
    /// One value of the kind `kind % 4`.
    static func value(kind: UInt64, _ generator: inout SplitMix64) -> Double {
        let sign: Double = Bool.random(using: &generator) ? -1 : 1
        switch kind % 4 {
        case 0:
            // Any finite double: mostly huge or tiny, so the printf path and the values that round to 0.
            var value: Double
            repeat { value = Double(bitPattern: generator.next()) } while !value.isFinite
            return value
        case 1: return sign * Double.random(in: 0..<400, using: &generator)
        case 2:
            // A receiver's decimals: an integer of up to 10 digits over a power of ten.
            let digits = Double(generator.next() % 10_000_000_000)
            return sign * digits / pow(10, Double(generator.next() % 10))
        default:
            // A tie k.5 / 10^d, then 0, 1 or 2 ulps away from it.
            let decimals = Double(generator.next() % 9)
            var value = (Double(generator.next() % 100_000_000) + 0.5) / pow(10, decimals)
            for _ in 0..<(generator.next() % 3) {
                value = Bool.random(using: &generator) ? value.nextUp : value.nextDown
            }
            return sign * value
        }
    }

    /// A million values in four parts of 250,000 (which run in parallel), each with its own seed; the special
    /// values come first in part 0.
    @Test(arguments: 0..<4)
    func fixedAndShortestMatchPrintfOnAMillionValues(part: Int) {
        var generator = SplitMix64(seed: 17 + UInt64(part))
        var specials: [Double] = [
            0, -0.0, .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, 0.5, 1.5, 2.5, -0.5, 0.125, 0.375, 1e15,
            4_503_599_627_370_495.5,
            4_503_599_627_370_496, 9_007_199_254_740_994, 1e22, 1e23, 0.1, 0.7, 1.005, 2.675, 45_035_996.273_704_96,
        ]
        specials += specials.map { -$0 }
        if part > 0 { specials = [] }
        var (checked, mismatches) = (0, 0)
        for index in 0..<250_000 {
            let value =
                index < specials.count ? specials[index] : Self.value(kind: generator.next(), &generator)
            let decimals = index < specials.count ? index % 9 : Int(generator.next() % 9)
            let expectedFixed = ReferenceEncoders.fixed(value, decimals)
            let expectedDecimal = ReferenceEncoders.shortest(value, printed: expectedFixed)
            let fixed = Numbers.fixed(value, decimals)
            let decimal = Numbers.decimal(value, decimals)
            if fixed != expectedFixed || decimal != expectedDecimal {
                mismatches += 1
                if mismatches <= 10 {
                    let message =
                        "\(value.bitPattern) (\(value)) with \(decimals) decimals: fixed \(fixed) vs \(expectedFixed), "
                        + "shortest \(decimal) vs \(expectedDecimal)"
                    Issue.record(Comment(rawValue: message))
                }
            }
            checked += 1
        }
        #expect(checked == 250_000)
        #expect(mismatches == 0)
    }

    /// Issue 16: a time the format cannot hold is JSON's `null`, never the string `"null"`.
    @Test func aTimeWithoutISOTextIsJSONNullNotAString() throws {
        for seconds in [1e16, -1e15, 300_000_000_000, .nan, .infinity] {
            let location = CLLocation(latitude: 48.8584, longitude: 2.2945)
            let stamped = CLLocation(
                coordinate: location.coordinate, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
                timestamp: Date(timeIntervalSince1970: seconds))
            var line = OutputBuffer()
            JSONLine.encode(.location(stamped), into: &line)
            let text = String(decoding: line.bytes, as: UTF8.self)
            #expect(text.hasPrefix("{\"type\":\"location\",\"timestamp\":null,\"latitude\":48.8584,"), "\(seconds)")
            let object = try JSONSerialization.jsonObject(with: Data(line.bytes)) as? [String: Any]
            #expect(object?["timestamp"] is NSNull, "\(seconds)")
        }
    }

    /// The four-digit years are written as before, from year 0 to 9999.
    @Test func timestampsOfTheFourDigitYearsAreAsBefore() {
        var generator = SplitMix64(seed: 16)
        for _ in 0..<100_000 {
            let seconds = Double.random(in: -62_167_219_200..<253_402_300_800, using: &generator)
            let date = Date(timeIntervalSince1970: seconds)
            var text = OutputBuffer()
            text.appendTimestamp(date)
            #expect(String(decoding: text.bytes, as: UTF8.self) == ReferenceEncoders.timestamp(date))
        }
    }
}
