import Testing

@testable import NMEA0183

/// The decoder's one-pass check of a GSV's satellite groups (``NMEAFieldView/satelliteGroupsReadPlainly(_:)``),
/// against a field-by-field reference of its rule and against the full reading it stands in for.
struct SatelliteGroupsTests {
    /// Values that sit on each side of the rule's limits, and text no number reader accepts.
    static let values = [
        "", "0", "7", "09", "42", "89", "90", "91", "99", "100", "000", "359", "360", "361", "999", "1000", "-5", "-90",
        "+5", "5.0", "A", " 5",
    ]

    /// The rule, field by field: every field of the groups is digits only; in a group whose id is not empty, the id has
    /// at most 3, the elevation at most 2 and is at most 90, the azimuth at most 3 and is at most 360, the SNR at most
    /// 2.
    static func reference(_ groups: [[String]]) -> Bool {
        let digitsOnly = groups.joined().allSatisfy { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard digitsOnly else { return false }
        return groups.allSatisfy { group in
            group[0].isEmpty
                || (group[0].count <= 3 && group[1].count <= 2 && (Int(group[1]) ?? 0) <= 90 && group[2].count <= 3
                    && (Int(group[2]) ?? 0) <= 360 && group[3].count <= 2)
        }
    }

    /// A GSV's fields after the header from a seeded generator: mostly plain values, sometimes one of ``values``.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func field(_ plain: [String]) -> String {
            let values = SatelliteGroupsTests.values
            return next(4) == 0 ? values[next(values.count)] : plain[next(plain.count)]
        }
    }

    @Test func theCheckFollowsItsRuleAndReportsWhatTheFullReadingWould() throws {
        var generator = Generator(state: 30)
        var plainCount = 0
        var otherCount = 0
        for _ in 0..<20_000 {
            let groupCount = generator.next(5)
            let groups = (0..<groupCount).map { _ in
                [
                    generator.field(["1", "12", "193"]), generator.field(["", "5", "45", "90"]),
                    generator.field(["", "7", "83", "245", "360"]), generator.field(["", "0", "35", "99"]),
                ]
            }
            let extra = (0..<generator.next(4)).map { _ in generator.field(["", "1", "7"]) }
            let body = (["GPGSV", "3", "1", "12"] + groups.joined() + extra).joined(separator: ",")
            let sentence = try NMEASentence(parsing: Array(framed(body).utf8))
            let plain = sentence.withView { $0.satelliteGroupsReadPlainly(groupCount) }
            #expect(plain == Self.reference(groups), "\(body)")
            if plain { plainCount += 1 } else { otherCount += 1 }
            // The decoder's reading (no satellites kept) against the full one: the same values, errors and ignored
            // fields.
            let decoded = Result { () throws(NMEAFieldError) in
                try sentence.withView { (view) throws(NMEAFieldError) in
                    try GSVSentence(fields: view, keepsSatellites: false)
                }
            }
            let full = Result { () throws(NMEAFieldError) in try GSVSentence(sentence) }
            switch (decoded, full) {
            case (.success(let decoded), .success(let full)):
                #expect(decoded.satellites.isEmpty, "\(body)")
                var withoutSatellites = full
                withoutSatellites.satellites = []
                #expect(decoded == withoutSatellites, "\(body)")
                // Groups that read plainly give no ignored field (a signal id after them may).
                if plain { #expect(full.ignoredFields.allSatisfy { $0.field > 3 + 4 * groupCount }, "\(body)") }
            case (.failure(let decoded), .failure(let full)):
                #expect(decoded == full && !plain, "\(body)")
            default:
                Issue.record("one reading failed, the other did not: \(body)")
            }
        }
        // Both outcomes were met often: the comparison cannot pass by taking one path only.
        #expect(plainCount > 3_000 && otherCount > 3_000, "\(plainCount) plain, \(otherCount) not")
    }

    /// The 8-byte test against a byte-by-byte one, for every byte value at every place of a range of every length
    /// up to 20 (words and the bytes after them), with other bytes before and after the range.
    @Test func digitsAndCommasOnlyMatchesAByteByByteTest() {
        let filler = Array("12,345,6,78,9,,0123,45,".utf8)
        for length in 0...20 {
            for place in 0..<max(1, length) {
                for value in 0...255 {
                    var bytes = filler
                    let start = 2
                    if length > 0 { bytes[start + place] = UInt8(value) }
                    bytes[start + length] = UInt8(ascii: "*")  // just past the range: never read
                    let expected = bytes[start..<(start + length)].allSatisfy {
                        (0x30...0x39).contains($0) || $0 == UInt8(ascii: ",")
                    }
                    let found = bytes.withUnsafeBufferPointer {
                        NMEAFieldView.digitsAndCommasOnly($0, from: start, to: start + length)
                    }
                    if found != expected {
                        Issue.record("byte \(value) at \(place) of \(length): \(found)")
                        return
                    }
                }
            }
        }
    }
}
