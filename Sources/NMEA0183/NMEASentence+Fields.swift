// Typed, validated reading of fields, on bytes (no String per field).
extension NMEASentence {
    /// Throws `missingField` unless the sentence has at least `count` fields.
    func requireFields(_ count: Int, name: String) throws(NMEAFieldError) {
        guard fieldCount >= count else {
            throw NMEAFieldError(
                reason: .missingField, field: count, fieldName: name,
                detail: "expected at least \(count) fields, found \(fieldCount)")
        }
    }

    func malformed(_ index: Int, _ name: String, expected: String) -> NMEAFieldError {
        NMEAFieldError(
            reason: .malformedField, field: index, fieldName: name, detail: "expected \(expected)",
            foundValue: field(index))
    }

    /// A decimal number (`-12.345`), nil when empty; throws when malformed or outside `range`.
    func decimal(
        _ index: Int, _ name: String,
        in range: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude
    )
        throws(NMEAFieldError) -> Double?
    {
        let text = fieldBytes(index)
        if text.isEmpty { return nil }
        guard let value = Self.parseDecimal(text), range.contains(value) else {
            let bounds =
                range.lowerBound == -.greatestFiniteMagnitude
                ? "a decimal number"
                : "a decimal number in \(range.lowerBound)...\(range.upperBound)"
            throw malformed(index, name, expected: bounds)
        }
        return value
    }

    /// An unsigned integer, nil when empty; throws when malformed or outside `range`.
    func integer(_ index: Int, _ name: String, in range: ClosedRange<Int> = 0...Int(Int32.max))
        throws(NMEAFieldError) -> Int?
    {
        let text = fieldBytes(index)
        if text.isEmpty { return nil }
        guard text.count <= 9, let value = Self.parseDigits(text), range.contains(value) else {
            throw malformed(index, name, expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A single character from `allowed`, nil when empty.
    func character(_ index: Int, _ name: String, allowed: String) throws(NMEAFieldError) -> Character? {
        let text = fieldBytes(index)
        if text.isEmpty { return nil }
        guard text.count == 1, allowed.utf8.contains(text.first!) else {
            throw malformed(index, name, expected: "one of \(allowed.map(String.init).joined(separator: ", "))")
        }
        return Character(Unicode.Scalar(text.first!))
    }

    /// A latitude (`ddmm.mmmm` at `index`, `N`/`S` at `index + 1`) in degrees, north positive.
    func latitude(_ index: Int) throws(NMEAFieldError) -> Double? {
        try angle(index, degreeDigits: 2, limit: 90, name: "latitude", hemisphereName: "latitude hemisphere")
    }

    /// A longitude (`dddmm.mmmm` at `index`, `E`/`W` at `index + 1`) in degrees, east positive.
    func longitude(_ index: Int) throws(NMEAFieldError) -> Double? {
        try angle(index, degreeDigits: 3, limit: 180, name: "longitude", hemisphereName: "longitude hemisphere")
    }

    /// Splits `[d...]dmm[.m...]` at the decimal point: the two digits before it are whole minutes, all digits
    /// before those are degrees (any number of them, zero-padded or not), and the decimals are fractions of a minute.
    ///
    /// Names are passed whole (no concatenation) and messages are built only on error: this runs twice per fix.
    private func angle(
        _ index: Int, degreeDigits: Int, limit: Double, name: String, hemisphereName: String
    ) throws(NMEAFieldError) -> Double? {
        let hemispheres = degreeDigits == 2 ? "NS" : "EW"
        let text = fieldBytes(index)
        let hemisphere = try character(index + 1, hemisphereName, allowed: hemispheres)
        if text.isEmpty { return nil }
        func expected() -> String { "\(degreeDigits == 2 ? "dd" : "ddd")mm.mmmm" }
        let dot = text.firstIndex(of: UInt8(ascii: ".")) ?? text.endIndex
        let whole = text[text.startIndex..<dot]
        guard whole.count >= 3, let wholeValue = Self.parseDigits(whole), let value = Self.parseDecimal(text) else {
            throw malformed(index, name, expected: expected())
        }
        let degrees = Double(wholeValue / 100)
        let minutes = value - degrees * 100
        let result = degrees + minutes / 60
        guard minutes < 60, result <= limit else {
            throw malformed(index, name, expected: expected() + " within ±\(Int(limit))°")
        }
        guard let hemisphere else {
            throw NMEAFieldError(
                reason: .missingField, field: index + 1, fieldName: hemisphereName,
                detail: "expected \(hemispheres.map(String.init).joined(separator: " or ")) after a \(name)")
        }
        return hemisphere == "S" || hemisphere == "W" ? -result : result
    }

    /// A UTC time of day `hhmmss[.s...]`, nil when empty.
    func timeOfDay(_ index: Int, _ name: String = "time") throws(NMEAFieldError) -> NMEATimeOfDay? {
        let text = fieldBytes(index)
        if text.isEmpty { return nil }
        let start = text.startIndex
        guard text.count >= 6, let hms = Self.parseDigits(text[start..<start + 6]) else {
            throw malformed(index, name, expected: "hhmmss.sss")
        }
        var nanosecond = 0
        if text.count > 6 {
            let fraction = text[(start + 7)...]
            guard text[start + 6] == UInt8(ascii: "."), fraction.count <= 9,
                let digits = Self.parseDigits(fraction) ?? (fraction.isEmpty ? 0 : nil)
            else {
                throw malformed(index, name, expected: "hhmmss.sss")
            }
            nanosecond = digits
            for _ in fraction.count..<9 { nanosecond *= 10 }
        }
        guard
            let time = NMEATimeOfDay(
                hour: hms / 10_000, minute: hms / 100 % 100, second: hms % 100,
                nanosecond: nanosecond)
        else {
            throw malformed(index, name, expected: "a time of day hhmmss with hh<24, mm<60, ss<=60")
        }
        return time
    }

    /// A date `ddmmyy` (two-digit year, pivot 80: 80–99 → 19xx, 00–79 → 20xx), nil when empty.
    func twoDigitYearDate(_ index: Int, _ name: String = "date") throws(NMEAFieldError) -> NMEADate? {
        let text = fieldBytes(index)
        if text.isEmpty { return nil }
        guard text.count == 6, let dmy = Self.parseDigits(text) else {
            throw malformed(index, name, expected: "ddmmyy")
        }
        let shortYear = dmy % 100
        guard
            let date = NMEADate(
                year: shortYear >= 80 ? 1900 + shortYear : 2000 + shortYear,
                month: dmy / 100 % 100, day: dmy / 10_000)
        else {
            throw malformed(index, name, expected: "a valid date ddmmyy")
        }
        return date
    }

    /// Digits only, no sign; nil when empty or any other byte is present.
    static func parseDigits(_ text: ArraySlice<UInt8>) -> Int? {
        guard !text.isEmpty, text.count <= 18 else { return nil }
        var value = 0
        for byte in text {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `[+-]digits[.digits]`, at least one digit, correctly rounded.
    static func parseDecimal(_ text: ArraySlice<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        var digitCount = 0
        var negative = false
        var seenDot = false
        for (offset, byte) in zip(0..., text) {
            switch byte {
            case UInt8(ascii: "-") where offset == 0: negative = true
            case UInt8(ascii: "+") where offset == 0: break
            case UInt8(ascii: "."):
                if seenDot { return nil }
                seenDot = true
            case 0x30...0x39:
                digitCount += 1
                if seenDot { fractionDigits += 1 }
                if mantissa != 0 || byte != 0x30 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
            default: return nil
            }
        }
        guard digitCount > 0 else { return nil }
        // Exact integer over an exact power of ten gives a correctly rounded quotient; longer inputs use the library.
        guard significant <= 15, fractionDigits <= 22 else {
            return Double(String(decoding: text, as: UTF8.self))
        }
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let value = Double(mantissa) / scale
        return negative ? -value : value
    }
}

extension NMEASentence {
    /// An angle with an `E`/`W` direction letter in field `index + 1`, east positive; nil when the angle is empty.
    ///
    /// An angle without its direction letter is an error: its sign is unknown.
    ///
    /// `directionName` names that field in diagnostics (passed whole, so no string is built per sentence).
    func signedAngle(_ index: Int, _ name: String, directionName: String) throws(NMEAFieldError) -> Double? {
        let direction = try character(index + 1, directionName, allowed: "EW")
        guard let value = try decimal(index, name, in: 0...180) else { return nil }
        guard let direction else {
            throw NMEAFieldError(
                reason: .missingField, field: index + 1, fieldName: directionName,
                detail: "expected E or W after a \(name)")
        }
        return direction == "W" ? -value : value
    }

    /// An NMEA 2.3+ mode indicator letter as a quality; nil when empty.
    func modeIndicator(_ index: Int, _ name: String = "mode") throws(NMEAFieldError) -> NMEAFixQuality? {
        try character(index, name, allowed: "ADEFMNPRSV").flatMap(NMEAFixQuality.init(modeIndicator:))
    }
}

extension NMEASentence {
    /// An integer with an optional leading `-`, nil when empty.
    func signedInteger(_ index: Int, _ name: String, in range: ClosedRange<Int>) throws(NMEAFieldError) -> Int? {
        let text = fieldBytes(index)
        if text.isEmpty { return nil }
        let negative = text.first == UInt8(ascii: "-")
        guard let magnitude = Self.parseDigits(negative ? text.dropFirst() : text),
            range.contains(negative ? -magnitude : magnitude)
        else {
            throw malformed(index, name, expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return negative ? -magnitude : magnitude
    }
}
