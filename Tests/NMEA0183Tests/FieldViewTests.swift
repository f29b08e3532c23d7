import Foundation
import SharedTestSupport
import Testing

@testable import NMEA0183

/// The field view's number parser and address key against plain references.
struct FieldViewTests {
    /// `[+-]digits[.digits]` as the standard library reads it; nil for anything else.
    static func referenceDecimal(_ text: String) -> Double? {
        guard text.wholeMatch(of: /[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)/) != nil else { return nil }
        return Double(text)
    }

    static func parseDecimal(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(NMEAFieldView.parseDecimal)
    }

    @Test func decimalsAreCorrectlyRoundedOrRejected() {
        let fixed = [
            "", "+", "-", ".", "-.", "0", "-0", "+7", "4807.038", "01131.000", "-12.5", ".5", "5.", "1.2.3", "1-2",
            "12a", "0000000000000000000001.5", "0.0000000000000000000001", "123456789012345", "1234567890123456",
            "12345678901234567890123", "9007199254740993", "0.1", "0.30000000000000004", "99999999999999999999.9",
            "000000000000000012345.678", "1.00000000000000000000000",
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789000.-+")
        let random = (0..<5_000).map { _ in
            String(
                (0..<Int.random(in: 0...26, using: &generator)).map { _ in
                    alphabet[Int.random(in: alphabet.indices, using: &generator)]
                })
        }
        var parsed = 0
        for text in fixed + random {
            let expected = Self.referenceDecimal(text)
            let found = Self.parseDecimal(text)
            #expect(found?.bitPattern == expected?.bitPattern, "\(text): \(String(describing: found))")
            if found != nil { parsed += 1 }
        }
        #expect(parsed > 100)
        #expect(Self.parseDecimal("-0") == 0 && Self.parseDecimal("-0")?.sign == .minus)
        #expect(Self.parseDecimal("0000000000000000000001.5") == 1.5)
    }

    /// Decimal fields read inside a buffer (up to eight characters after the sign as one word, loaded from the field's
    /// start or ending at its end, with other bytes around it) against the byte-by-byte parser on the field alone and
    /// the standard library: the same bits, or nil, for every placement.
    @Test func decimalsInsideABufferMatchTheByteByByteParser() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("0123456789000.-+x ,".utf8) + [0x80, 0xAE, 0xB0, 0x3A, 0x2F]
        let fixed = [
            "", "-", "+", ".", "-.", "0", "-0", "+7", ".5", "5.", "1.2.3", "12345678", "1234.678", "-1234567.",
            "99999999", ".9999999", "00000000", "123456789", "1.2", "545.4", "99.99", "0.15", "212.28", "-12.5",
        ].map { Array($0.utf8) }
        let random = (0..<20_000).map { _ in
            (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                alphabet[Int.random(in: alphabet.indices, using: &generator)]
            }
        }
        var parsed = 0
        for field in fixed + random {
            let expected = field.withUnsafeBufferPointer(NMEAFieldView.parseDecimal)
            if let text = String(validating: field, as: UTF8.self) {
                #expect(expected?.bitPattern == Self.referenceDecimal(text)?.bitPattern, "\(text)")
            }
            let filler = Array("7.,9-1.$0".utf8)
            let placements: [(before: Int, after: Int)] = [(0, 9), (3, 0), (0, 0), (1, 2), (9, 1)]
            for (before, after) in placements {
                let bytes = Array(filler.prefix(before)) + field + Array(repeating: UInt8(ascii: "5"), count: after)
                let found = bytes.withUnsafeBufferPointer {
                    NMEAFieldView.parseDecimal(in: $0, from: before, to: before + field.count)
                }
                #expect(found?.bitPattern == expected?.bitPattern, "\(field) at \(before), \(after) after")
            }
            if expected != nil { parsed += 1 }
        }
        #expect(parsed > 1_000)
    }

    /// What the angle readers read from a field before ``NMEAFieldView/angleParts(_:from:to:)`` read it in one pass:
    /// the digits before the first point (at least three) and the whole field as a decimal, each by its own reader.
    static func referenceAngleParts(_ field: UnsafeBufferPointer<UInt8>) -> (whole: Int, value: Double)? {
        let dot = field.firstIndex(of: UInt8(ascii: ".")) ?? field.endIndex
        guard dot >= 3, let whole = NMEAFieldView.parseDigits(UnsafeBufferPointer(rebasing: field[..<dot])),
            let value = NMEAFieldView.parseDecimal(field)
        else { return nil }
        return (whole, value)
    }

    /// Angle fields (coordinates of every length, points, signs and other bytes, near the end of the bytes or not)
    /// read in one pass, or as two words, against the two readers they replace: the same integer and the same bits, or
    /// nil, for every placement.
    @Test func angleFieldsMatchTheReadersTheyReplace() {
        var generator = SplitMix64(seed: 30)
        let alphabet = Array("01234567890123456789..-+x".utf8)
        let fixed = [
            "4807.038", "01131.000", "4829.0005", "00022.0015", "3114.890212", "12135.2443", "000.0", "9000.0000",
            "123", "12", "1234", "4829.", ".4829", "48.29", "4829..1", "-4807.038", "+4807.038", "4829.00051234",
            "4829.000512345", "1234567.12345678", "1234567.123456789", "12345678.1234", "0000000000000004807.038",
            "4807.0380000000000000001", "123456789012345678", "1234567890123456789",
        ].map { Array($0.utf8) }
        let random = (0..<30_000).map { _ -> [UInt8] in
            let length = Int(generator.next() % 21)
            return (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        }
        var parsed = 0
        for field in fixed + random {
            let expected = field.withUnsafeBufferPointer(Self.referenceAngleParts)
            // What follows the field is digits, or a point and more fields: a reader that looked past the field's end
            // for its point or digits would read them (the 8-byte words reach beyond short fields).
            for (before, after) in [(0, 0), (0, 1), (3, 7), (2, 8), (7, 12), (1, 20)] {
                for filler in ["7", ".5,N,1.5,E,"] {
                    let tail = Array(String(repeating: filler, count: 20).utf8.prefix(after))
                    let bytes = Array(",N,1.5,E".utf8.prefix(before)) + field + tail
                    let found = bytes.withUnsafeBufferPointer {
                        NMEAFieldView.angleParts($0, from: before, to: before + field.count)
                    }
                    let placement = "\(field) at \(before), \(after) of \(filler) after"
                    #expect(found?.whole == expected?.whole, "\(placement)")
                    #expect(found?.value.bitPattern == expected?.value.bitPattern, "\(placement)")
                }
            }
            if expected != nil { parsed += 1 }
        }
        #expect(parsed > 1_000)
    }

    /// Signed integers: a leading `-` only, digits only, within the range; empty is nil, anything else an error.
    @Test func signedIntegersAreReadOrRejected() throws {
        let bytes = Array("$GPGSV,-5,12,-,--5,+3,-91,,7a".utf8)
        try bytes.withUnsafeBufferPointer { bytes in
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count) { commas in
                let view = try NMEAFieldView.parse(bytes, commas: commas, line: 1, acceptsMissingChecksum: true)
                func read(_ index: Int) -> Result<Int?, NMEAFieldError> {
                    Result { () throws(NMEAFieldError) in try view.signedInteger(index, "elevation", in: -90...90) }
                }
                #expect(try read(1).get() == -5)
                #expect(try read(2).get() == 12)
                #expect(try read(7).get() == nil)
                for index in [3, 4, 5, 6, 8] {
                    #expect(throws: NMEAFieldError.self, "field \(index)") { try read(index).get() }
                }
            }
        }
    }

    /// What `integer` (`signed`: `signedInteger`) reads from `text`: nil when empty, the value of up to 9 digits (18
    /// for signed, with an optional leading `-`) within `range`, otherwise an error.
    static func referenceInteger(_ text: String, signed: Bool, in range: ClosedRange<Int>) -> Result<Int?, Mismatch> {
        if text.isEmpty { return .success(nil) }
        let digits = signed && text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= (signed ? 18 : 9), digits.allSatisfy(\.isASCII),
            digits.allSatisfy(\.isNumber), let magnitude = Int(digits)
        else { return .failure(Mismatch()) }
        let value = text.hasPrefix("-") ? -magnitude : magnitude
        return range.contains(value) ? .success(value) : .failure(Mismatch())
    }

    /// A reading that gave an error.
    struct Mismatch: Error, Equatable {}

    /// The integer readers (inlined for up to three digits, the full reader otherwise) against the reference, over
    /// every field of up to four characters of digits, signs, a point, a letter and a space, for the ranges the
    /// sentences use; an error is always a malformed field named as asked.
    @Test func integersOfEveryShortFormAreReadOrRejected() throws {
        let alphabet = Array("0123456789-+.a ")
        var texts = [""]
        var level = [""]
        for _ in 1...4 {
            level = level.flatMap { prefix in alphabet.map { prefix + String($0) } }
            texts += level.filter { !$0.hasPrefix("00") || $0.count < 3 }
        }
        texts += ["0000000007", "123456789", "1234567890", "-0", "-999", "0999", "00000000000000000090"]
        let ranges = [0...999, -90...90, 1...3, 0...99, 0...360, 1...99, 0...Int(Int32.max)]
        var checked = 0
        for chunk in stride(from: 0, to: texts.count, by: 500) {
            let fields = Array(texts[chunk..<min(texts.count, chunk + 500)])
            let bytes = Array(("$GPXXX," + fields.joined(separator: ",")).utf8)
            try bytes.withUnsafeBufferPointer { bytes in
                try withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count) { commas in
                    let view = try NMEAFieldView.parse(bytes, commas: commas, line: 1, acceptsMissingChecksum: true)
                    for (offset, text) in fields.enumerated() {
                        for range in ranges {
                            for signed in [false, true] {
                                let found = Result { () throws(NMEAFieldError) in
                                    signed
                                        ? try view.signedInteger(offset + 1, "value", in: range)
                                        : try view.integer(offset + 1, "value", in: range)
                                }
                                let expected = Self.referenceInteger(text, signed: signed, in: range)
                                switch (found, expected) {
                                case (.success(let value), .success(let reference)):
                                    #expect(value == reference, "\(text) in \(range), signed: \(signed)")
                                case (.failure(let error), .failure):
                                    #expect(error.reason == .malformedField && error.fieldName == "value")
                                    #expect(error.field == offset + 1)
                                default:
                                    Issue.record("\(text) in \(range), signed: \(signed): \(found) vs \(expected)")
                                }
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 500_000)
    }

    /// `body` on a view of a sentence whose fields are `fields`.
    static func withView(_ fields: [String], _ body: (NMEAFieldView) throws -> Void) throws {
        let bytes = Array(("$GPXXX," + fields.joined(separator: ",")).utf8)
        try bytes.withUnsafeBufferPointer { bytes in
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count) { commas in
                try body(NMEAFieldView.parse(bytes, commas: commas, line: 1, acceptsMissingChecksum: true))
            }
        }
    }

    /// The decimal reader (inlined) against the reference and the range, and the letter reader against the allowed
    /// letters, field by field inside a sentence: nil when empty, the value, or a malformed-field error named as asked.
    @Test func decimalAndLetterFieldsAreReadOrRejected() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789000.-+")
        let decimals =
            ["", "0", "-0", "360", "360.0", "360.1", "9999", "-1", "4807.038", ".5", "5.", "1.2.3", "x", " 1"]
            + (0..<3_000).map { _ in
                String(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        alphabet[Int.random(in: alphabet.indices, using: &generator)]
                    })
            }
        let ranges: [ClosedRange<Double>] = [
            -.greatestFiniteMagnitude ... .greatestFiniteMagnitude, 0...360, 0...9999, -90...90,
        ]
        try Self.withView(decimals) { view in
            for (offset, text) in decimals.enumerated() {
                for range in ranges {
                    let found = Result { () throws(NMEAFieldError) in
                        try view.decimal(offset + 1, "value", in: range)
                    }
                    let expected = text.isEmpty ? nil : Self.referenceDecimal(text)
                    switch found {
                    case .success(let value):
                        #expect(value?.bitPattern == expected?.bitPattern, "\(text) in \(range)")
                        #expect(value.map(range.contains) ?? text.isEmpty, "\(text) in \(range)")
                    case .failure(let error):
                        let rejected = expected.map { !range.contains($0) } ?? true
                        #expect(!text.isEmpty && rejected, "\(text) in \(range)")
                        #expect(error.reason == .malformedField && error.field == offset + 1)
                        #expect(error.fieldName == "value")
                    }
                }
            }
        }
        // Not last: a sentence's trailing spaces are not part of it.
        let letters = [""] + "AVNSa ".map { String($0) } + ["AA", "AV", "A ", "V"]
        try Self.withView(letters) { view in
            for (offset, text) in letters.enumerated() {
                let found = Result { () throws(NMEAFieldError) in try view.letter(offset + 1, "status", allowed: "AV") }
                switch found {
                case .success(let byte):
                    #expect(byte.map { String(UnicodeScalar($0)) } == (text.isEmpty ? nil : text), "\(text)")
                    #expect(text.isEmpty || text == "A" || text == "V", "\(text)")
                case .failure(let error):
                    #expect(!["", "A", "V"].contains(text), "\(text)")
                    #expect(error.reason == .malformedField && error.field == offset + 1 && error.fieldName == "status")
                }
            }
        }
        try Self.withView(["1.5"]) { view in
            let beyond = try view.decimal(2, "beyond")
            let before = try view.letter(0, "before", allowed: "A")
            #expect(beyond == nil && before == nil)
        }
    }

    /// Times of day against a reference (six digits, then a point and up to nine digits of the second): the same
    /// time, nil when empty, a malformed-field error otherwise, for every form around the valid ones.
    @Test func timesOfDayAreReadOrRejected() throws {
        func reference(_ text: String) -> Result<NMEATimeOfDay?, Mismatch> {
            if text.isEmpty { return .success(nil) }
            let bytes = Array(text.utf8)
            let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
            guard bytes.count >= 6, bytes[..<6].allSatisfy(isDigit) else { return .failure(Mismatch()) }
            let hms = Int(String(decoding: bytes[..<6], as: UTF8.self)) ?? -1
            var nanosecond = 0
            if bytes.count > 6 {
                let fraction = bytes[7...]
                guard bytes[6] == UInt8(ascii: "."), fraction.count <= 9, fraction.allSatisfy(isDigit) else {
                    return .failure(Mismatch())
                }
                let digits =
                    String(decoding: fraction, as: UTF8.self) + String(repeating: "0", count: 9 - fraction.count)
                nanosecond = Int(digits) ?? -1
            }
            guard
                let time = NMEATimeOfDay(
                    hour: hms / 10_000, minute: hms / 100 % 100, second: hms % 100, nanosecond: nanosecond)
            else { return .failure(Mismatch()) }
            return .success(time)
        }
        var texts = [
            "", "123519", "123519.", "123519.5", "123519.123456789", "123519.1234567890", "235960.999",
            "240000", "126000", "123560", "123561", "12351", "12351x", "123519x5", "123519.5x", "1235190", "-12351",
            "000000.000000001", "095959.05", " 123519", "123519 ",
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789.5")
        texts += (0..<3_000).map { _ in
            String(
                (0..<Int.random(in: 5...17, using: &generator)).map { _ in
                    alphabet[Int.random(in: alphabet.indices, using: &generator)]
                })
        }
        try Self.withView(texts + ["end"]) { view in
            for (offset, text) in texts.enumerated() {
                let found = Result { () throws(NMEAFieldError) in try view.timeOfDay(offset + 1) }
                switch (found, reference(text)) {
                case (.success(let time), .success(let expected)): #expect(time == expected, "\(text)")
                case (.failure(let error), .failure):
                    #expect(error.reason == .malformedField && error.field == offset + 1, "\(text)")
                default: Issue.record("\(text): \(found)")
                }
            }
        }
    }

    /// The talker of a talker code, one or two letters.
    @Test func talkersAreReadFromTheirCodes() {
        #expect(NMEASentence.talker(code: 0x4750) == "GP")
        #expect(NMEASentence.talker(code: 0x5000) == "P")
        #expect(NMEASentence.talker(code: 0x4244) == "BD")
    }

    /// The key of an address, first letter highest, over its first eight characters.
    @Test func addressKeysPackTheFirstEightCharacters() throws {
        let cases: [(String, UInt64)] = [
            ("$GPGGA,1", 0x47_5047_4741), ("$PGRMZ,1", 0x50_4752_4D5A), ("$GPGGA", 0x47_5047_4741),
            ("$PSRFEPE,1,2", 0x50_5352_4645_5045), ("$PABCDEFGHIJ,1", 0x5041_4243_4445_4647), ("$PA,1", 0x5041),
        ]
        for (text, key) in cases {
            let bytes = Array(text.utf8)
            let found = try bytes.withUnsafeBufferPointer { bytes in
                try withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count) { commas in
                    try NMEAFieldView.parse(bytes, commas: commas, line: 1, acceptsMissingChecksum: true).addressKey
                }
            }
            #expect(found == key, "\(text)")
        }
    }
}
