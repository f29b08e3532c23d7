// Typed, validated reading of fields, on the sentence's bytes in place (no String, no copy per field).
extension NMEAFieldView {
    /// Throws `missingField` unless the sentence has at least `count` fields.
    ///
    /// Inlined (once per sentence); the error is built out of line.
    @inline(__always)
    func requireFields(_ count: Int, name: String) throws(NMEAFieldError) {
        guard fieldCount >= count else { throw missingFields(count, name: name) }
    }

    /// The error of a sentence with fewer than `count` fields; out of line, off ``requireFields(_:name:)``'s path.
    @inline(never)
    private func missingFields(_ count: Int, name: String) -> NMEAFieldError {
        NMEAFieldError(
            reason: .missingField, field: count, fieldName: name,
            detail: "expected at least \(count) fields, found \(fieldCount)")
    }

    func malformed(_ index: Int, _ name: String, expected: String) -> NMEAFieldError {
        NMEAFieldError(
            reason: .malformedField, field: index, fieldName: name, detail: "expected \(expected)",
            foundValue: field(index))
    }

    /// Whether field `index` is empty (or beyond the end).
    func isEmptyField(_ index: Int) -> Bool { fieldRange(index).isEmpty }

    /// `parse`'s result on the bytes of field `index`; `.empty` for an empty field, `.malformed` when `parse`
    /// gives nil.
    private func read<Value>(_ index: Int, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?) -> FieldValue<Value> {
        let range = fieldRange(index)
        if range.isEmpty { return .empty }
        return parse(UnsafeBufferPointer(rebasing: bytes[range])).map(FieldValue.value) ?? .malformed
    }

    /// Where field `index` starts and ends in ``bytes``, the same bounds as ``fieldRange(_:)`` (start and end equal
    /// when it is empty or beyond the end); inlined into the readers, which run for every field.
    @inline(__always)
    func fieldBounds(_ index: Int) -> (start: Int, end: Int) {
        guard index >= 1, index <= commas.count else { return (0, 0) }
        // Comma positions lie inside ``bytes`` and increase: no overflow, and start <= end.
        return (commas[index - 1] &+ 1, index < commas.count ? commas[index] : bytes.count)
    }

    /// A decimal number (`-12.345`), nil when empty; throws when malformed or outside `range`.
    ///
    /// Inlined, so that a field costs one call (the number parser); the error is built out of line.
    @inline(__always)
    func decimal(
        _ index: Int, _ name: String,
        in range: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude
    )
        throws(NMEAFieldError) -> Double?
    {
        let (start, end) = fieldBounds(index)
        if start == end { return nil }
        guard let value = Self.parseDecimal(in: bytes, from: start, to: end), range.contains(value) else {
            throw malformedDecimal(index, name, in: range)
        }
        return value
    }

    /// The error of a decimal field that does not parse or lies outside `range`; out of line, so that the string
    /// work stays off ``decimal(_:_:in:)``'s path.
    @inline(never)
    private func malformedDecimal(_ index: Int, _ name: String, in range: ClosedRange<Double>) -> NMEAFieldError {
        let bounds =
            range.lowerBound == -.greatestFiniteMagnitude
            ? "a decimal number"
            : "a decimal number in \(range.lowerBound)...\(range.upperBound)"
        return malformed(index, name, expected: bounds)
    }

    /// An unsigned integer, nil when empty; throws when malformed or outside `range`.
    ///
    /// Inlined for its usual case, an empty field or one to three digits in `range` (satellite ids, elevations, SNRs:
    /// a GSV has sixteen such fields), which it reads in place; any other field goes to the full reader.
    @inline(__always)
    func integer(_ index: Int, _ name: String, in range: ClosedRange<Int> = 0...Int(Int32.max))
        throws(NMEAFieldError) -> Int?
    {
        let short = shortUnsigned(index, in: range)
        if short >= 0 { return short }
        if short == Self.emptyField { return nil }
        return try anyInteger(index, name, in: range)
    }

    /// What ``shortUnsigned(_:in:)`` gives for an empty field (or one beyond the end).
    static var emptyField: Int { -1 }

    /// What ``shortUnsigned(_:in:)`` gives for a field it does not read.
    static var notShort: Int { -2 }

    /// Field `index` when it is empty (``emptyField``) or one to three digits whose value lies in `range` (the
    /// value); ``notShort`` for anything else, which the full readers then read or reject.
    ///
    /// The same value as ``parseDigits(_:)`` for those fields. The bounds are the view's own: a field lies between
    /// two comma positions, or after the last one and before the end of ``bytes``.
    @inline(__always)
    func shortUnsigned(_ index: Int, in range: ClosedRange<Int>) -> Int {
        let (start, end) = fieldBounds(index)
        let length = end &- start
        if length == 0 { return Self.emptyField }
        guard length <= 3 else { return Self.notShort }
        var value = 0
        for position in start..<end {
            let digit = bytes[position] &- 0x30
            guard digit < 10 else { return Self.notShort }
            value = value &* 10 &+ Int(digit)
        }
        return range.contains(value) ? value : Self.notShort
    }

    /// ``integer(_:_:in:)`` for any field: the full reader, out of line.
    @inline(never)
    private func anyInteger(_ index: Int, _ name: String, in range: ClosedRange<Int>) throws(NMEAFieldError) -> Int? {
        switch read(index, { $0.count <= 9 ? Self.parseDigits($0) : nil }) {
        case .empty: return nil
        case .value(let value) where range.contains(value): return value
        default: throw malformedInteger(index, name, in: range)
        }
    }

    /// The error of an integer field that does not parse or lies outside `range`; out of line, so that the string
    /// work stays off the readers' path.
    @inline(never)
    func malformedInteger(_ index: Int, _ name: String, in range: ClosedRange<Int>) -> NMEAFieldError {
        malformed(index, name, expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
    }

    /// A single letter from `allowed`, as its byte; nil when empty.
    ///
    /// Inlined (hemispheres, statuses, modes: a few per sentence); the error is built out of line.
    @inline(__always)
    func letter(_ index: Int, _ name: String, allowed: StaticString) throws(NMEAFieldError) -> UInt8? {
        let (start, end) = fieldBounds(index)
        if start == end { return nil }
        if end &- start == 1 {
            let byte = bytes[start]
            if allowed.withUTF8Buffer({ $0.contains(byte) }) { return byte }
        }
        throw malformedLetter(index, name, allowed: allowed)
    }

    /// The error of a letter field that is not one of `allowed`; out of line, off ``letter(_:_:allowed:)``'s path.
    @inline(never)
    private func malformedLetter(_ index: Int, _ name: String, allowed: StaticString) -> NMEAFieldError {
        let letters = allowed.withUTF8Buffer { $0.map { String(UnicodeScalar($0)) } }
        return malformed(index, name, expected: "one of \(letters.joined(separator: ", "))")
    }

    /// A single character from `allowed`, nil when empty.
    func character(_ index: Int, _ name: String, allowed: StaticString) throws(NMEAFieldError) -> Character? {
        try letter(index, name, allowed: allowed).map { Character(Unicode.Scalar($0)) }
    }

    /// A latitude (`ddmm.mmmm` at `index`, `N`/`S` at `index + 1`) in degrees, north positive.
    func latitude(_ index: Int) throws(NMEAFieldError) -> Double? {
        try angle(
            index, degreeDigits: 2, limit: 90, name: "latitude", hemisphereName: "latitude hemisphere",
            hemispheres: "NS")
    }

    /// A longitude (`dddmm.mmmm` at `index`, `E`/`W` at `index + 1`) in degrees, east positive.
    func longitude(_ index: Int) throws(NMEAFieldError) -> Double? {
        try angle(
            index, degreeDigits: 3, limit: 180, name: "longitude", hemisphereName: "longitude hemisphere",
            hemispheres: "EW")
    }

    /// Splits `[d...]dmm[.m...]` at the decimal point: the two digits before it are whole minutes, all digits
    /// before those are degrees (any number of them, zero-padded or not), and the decimals are fractions of a minute.
    ///
    /// Names are passed whole (no concatenation) and messages are built only on error: this runs twice per fix.
    private func angle(
        _ index: Int, degreeDigits: Int, limit: Double, name: String, hemisphereName: String,
        hemispheres: StaticString
    ) throws(NMEAFieldError) -> Double? {
        let hemisphere = try letter(index + 1, hemisphereName, allowed: hemispheres)
        let (start, end) = fieldBounds(index)
        if start == end { return nil }
        guard let parsed = Self.angleParts(bytes, from: start, to: end) else {
            throw malformedAngle(index, degreeDigits: degreeDigits, name: name, limit: nil)
        }
        let degrees = Double(parsed.whole / 100)
        let minutes = parsed.value - degrees * 100
        let result = degrees + minutes / 60
        guard minutes < 60, result <= limit else {
            throw malformedAngle(index, degreeDigits: degreeDigits, name: name, limit: limit)
        }
        guard let hemisphere else {
            throw missingHemisphere(index + 1, hemisphereName, after: name, hemispheres: hemispheres)
        }
        return hemisphere == UInt8(ascii: "S") || hemisphere == UInt8(ascii: "W") ? -result : result
    }

    /// The digits before the point of `bytes[start..<end]` (at least three, at most 18) as an integer, and the whole
    /// field as a decimal: ``parseDigits(_:)`` of the part before the first point and ``parseDecimal(_:)`` of the
    /// field, or nil when either is nil.
    ///
    /// One pass over the bytes for a field of at most 15 digits (every coordinate a receiver sends), which gives the
    /// same mantissa and fraction digits as ``parseDecimal(_:)`` and so the same quotient; a longer one takes its
    /// value from ``parseDecimal(_:)`` (issue 30: the field was read three times, for the point, the degrees and the
    /// value).
    static func angleParts(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (
        whole: Int, value: Double
    )? {
        if let parts = shortAngleParts(bytes, from: start, to: end) { return parts }
        var mantissa: UInt64 = 0
        var dot = -1
        var whole: UInt64 = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            let digit = byte &- 0x30
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else if byte == UInt8(ascii: "."), dot < 0 {
                dot = index
                whole = mantissa
            } else {
                return nil  // a sign, a second point or any other byte: one of the two readers refuses it
            }
            index &+= 1
        }
        if dot < 0 { whole = mantissa }
        let wholeDigits = (dot < 0 ? end : dot) &- start
        guard wholeDigits >= 3, wholeDigits <= 18 else { return nil }
        let digitCount = end &- start &- (dot < 0 ? 0 : 1)
        guard digitCount <= 15 else {
            return parseDecimal(UnsafeBufferPointer(rebasing: bytes[start..<end])).map { (Int(whole), $0) }
        }
        let fractionDigits = dot < 0 ? 0 : end &- 1 &- dot
        return (Int(whole), Double(mantissa) / powerOfTen(fractionDigits))
    }

    /// The error of an angle field that does not parse or, with `limit`, lies outside ±`limit`; out of line, off
    /// ``angle(_:degreeDigits:limit:name:hemisphereName:hemispheres:)``'s path.
    @inline(never)
    private func malformedAngle(_ index: Int, degreeDigits: Int, name: String, limit: Double?) -> NMEAFieldError {
        let form = "\(degreeDigits == 2 ? "dd" : "ddd")mm.mmmm"
        return malformed(index, name, expected: limit.map { form + " within ±\(Int($0))°" } ?? form)
    }

    /// The error of an angle without its hemisphere letter in field `index`; out of line.
    @inline(never)
    private func missingHemisphere(_ index: Int, _ name: String, after angleName: String, hemispheres: StaticString)
        -> NMEAFieldError
    {
        let letters = hemispheres.withUTF8Buffer { $0.map { String(UnicodeScalar($0)) } }
        return NMEAFieldError(
            reason: .missingField, field: index, fieldName: name,
            detail: "expected \(letters.joined(separator: " or ")) after a \(angleName)")
    }

    /// A UTC time of day `hhmmss[.s...]`, nil when empty.
    ///
    /// Read in place, digit by digit: six digits, then optionally a point and up to nine digits of the second, each
    /// worth a tenth of the one before (the fraction `.5` is 500 000 000 ns).
    func timeOfDay(_ index: Int, _ name: String = "time") throws(NMEAFieldError) -> NMEATimeOfDay? {
        let (start, end) = fieldBounds(index)
        if start == end { return nil }
        var valid = end &- start >= 6
        var hms = 0
        var nanosecond = 0
        if valid {
            for position in start..<(start &+ 6) {
                let digit = bytes[position] &- 0x30
                valid = valid && digit < 10
                hms = hms &* 10 &+ Int(digit)
            }
        }
        if valid, end &- start > 6 {
            valid = bytes[start &+ 6] == UInt8(ascii: ".") && end &- start &- 7 <= 9
            var worth = 100_000_000
            for position in (start &+ 7)..<(valid ? end : start &+ 7) {
                let digit = bytes[position] &- 0x30
                valid = valid && digit < 10
                nanosecond = nanosecond &+ Int(digit) &* worth
                worth /= 10
            }
        }
        guard valid else { throw malformed(index, name, expected: "hhmmss.sss") }
        guard
            let time = NMEATimeOfDay(
                hour: hms / 10_000, minute: hms / 100 % 100, second: hms % 100, nanosecond: nanosecond)
        else {
            throw malformed(index, name, expected: "a time of day hhmmss with hh<24, mm<60, ss<=60")
        }
        return time
    }

    /// A date `ddmmyy` (two-digit year, pivot 80: 80–99 → 19xx, 00–79 → 20xx), nil when empty.
    func twoDigitYearDate(_ index: Int, _ name: String = "date") throws(NMEAFieldError) -> NMEADate? {
        if isEmptyField(index) { return nil }
        guard let dmy = withField(index, { $0.count == 6 ? Self.parseDigits($0) : nil }) else {
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
}

extension NMEAFieldView {
    /// An angle with an `E`/`W` direction letter in field `index + 1`, east positive; nil when the angle is empty.
    ///
    /// An angle without its direction letter is an error: its sign is unknown.
    ///
    /// `directionName` names that field in diagnostics (passed whole, so no string is built per sentence).
    func signedAngle(_ index: Int, _ name: String, directionName: String) throws(NMEAFieldError) -> Double? {
        let direction = try letter(index + 1, directionName, allowed: "EW")
        guard let value = try decimal(index, name, in: 0...180) else { return nil }
        guard let direction else {
            throw NMEAFieldError(
                reason: .missingField, field: index + 1, fieldName: directionName,
                detail: "expected E or W after a \(name)")
        }
        return direction == UInt8(ascii: "W") ? -value : value
    }

    /// An NMEA 2.3+ mode indicator letter as a quality; nil when empty.
    func modeIndicator(_ index: Int, _ name: String = "mode") throws(NMEAFieldError) -> NMEAFixQuality? {
        try letter(index, name, allowed: "ADEFMNPRSV").flatMap(NMEAFixQuality.init(modeLetter:))
    }
}

extension NMEAFieldView {
    /// An integer with an optional leading `-`, nil when empty.
    ///
    /// Inlined for an empty field or one to three digits in `range`, as ``integer(_:_:in:)``; the rest (a sign)
    /// goes to the full reader.
    @inline(__always)
    func signedInteger(_ index: Int, _ name: String, in range: ClosedRange<Int>) throws(NMEAFieldError) -> Int? {
        let short = shortUnsigned(index, in: range)
        if short >= 0 { return short }
        if short == Self.emptyField { return nil }
        return try anySignedInteger(index, name, in: range)
    }

    /// ``signedInteger(_:_:in:)`` for any field: the full reader, out of line.
    @inline(never)
    private func anySignedInteger(_ index: Int, _ name: String, in range: ClosedRange<Int>) throws(NMEAFieldError)
        -> Int?
    {
        switch read(index, Self.parseSignedDigits) {
        case .empty: return nil
        case .value(let value) where range.contains(value): return value
        default: throw malformedInteger(index, name, in: range)
        }
    }
}

/// What reading one field gave.
private enum FieldValue<Value> {
    /// The field is empty (or beyond the end).
    case empty
    /// The field does not parse.
    case malformed
    /// The parsed value.
    case value(Value)
}
