import Foundation

/// Typed, lenient access to the members of one gpsd JSON object.
///
/// Leniency rules (all documented in Docs/GPSD.docc/GPSDProtocolClient.md): an absent member or `null` reads as `nil`;
/// numbers may also arrive as numeric strings; booleans may also arrive as 0/1 or
/// `"true"`/`"false"`; an integer may be written as `4.0`. Any other type is a
/// ``GPSDDecodingError`` naming the class and member, never a silent default.
struct JSONObjectReader {
    let className: String
    let members: [String: JSONValue]

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> GPSDDecodingError {
        GPSDDecodingError(
            className: className,
            reason: .wrongType(field: key, expected: expected, found: value.diagnosticDescription))
    }

    private func invalid(_ key: String, _ expected: String, _ value: JSONValue) -> GPSDDecodingError {
        GPSDDecodingError(
            className: className,
            reason: .invalidValue(field: key, expected: expected, found: value.diagnosticDescription))
    }

    /// What a number too large for a `Double` is refused as.
    private static let representableNumber = "a number a double can hold (magnitude under 1.8e308)"

    private func value(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    func double(_ key: String) throws(GPSDDecodingError) -> Double? {
        guard let value = value(key) else { return nil }
        switch value {
        case .number(let number): return number
        case .unrepresentableNumber: throw invalid(key, Self.representableNumber, value)
        case .string(let text):
            if let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite { return number }
        default: break
        }
        throw mismatch(key, "a number", value)
    }

    func double(_ key: String, in range: ClosedRange<Double>) throws(GPSDDecodingError) -> Double? {
        guard let number = try double(key) else { return nil }
        guard range.contains(number) else {
            throw GPSDDecodingError(className: className, reason: .outOfRange(field: key, value: number, range: range))
        }
        return number
    }

    func int(_ key: String) throws(GPSDDecodingError) -> Int? {
        guard let value = value(key) else { return nil }
        let number: Double? =
            switch value {
            case .number(let number): number
            case .unrepresentableNumber: throw invalid(key, Self.representableNumber, value)
            case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))
            default: nil
            }
        if let number, number.rounded() == number, abs(number) < 9.0e15 { return Int(number) }
        throw mismatch(key, "an integer", value)
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(GPSDDecodingError) -> Int? {
        guard let number = try int(key) else { return nil }
        guard range.contains(number) else {
            throw GPSDDecodingError(
                className: className,
                reason: .outOfRange(
                    field: key, value: Double(number), range: Double(range.lowerBound)...Double(range.upperBound)))
        }
        return number
    }

    func bool(_ key: String) throws(GPSDDecodingError) -> Bool? {
        guard let value = value(key) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .number(0), .string("false"): return false
        case .number(1), .string("true"): return true
        default: throw mismatch(key, "a boolean", value)
        }
    }

    func string(_ key: String) throws(GPSDDecodingError) -> String? {
        guard let value = value(key) else { return nil }
        switch value {
        case .string(let text): return text
        case .number(let number):
            return number.rounded() == number && abs(number) < 9.0e15 ? String(Int(number)) : String(number)
        case .unrepresentableNumber(let text): return text
        default: throw mismatch(key, "a string", value)
        }
    }

    /// Reads an ISO 8601 UTC time string, or the pre-3.10 numeric form (seconds since 1970).
    ///
    /// A string that is not a valid time is an invalid value, not a wrong type.
    func date(_ key: String) throws(GPSDDecodingError) -> Date? {
        guard let value = value(key) else { return nil }
        switch value {
        case .number(let seconds): return Date(timeIntervalSince1970: seconds)
        case .unrepresentableNumber: throw invalid(key, Self.representableNumber, value)
        case .string(let text):
            guard let date = GPSDTimestamp.parse(text) else { throw invalid(key, "a valid ISO 8601 time", value) }
            return date
        default: throw mismatch(key, "an ISO 8601 time", value)
        }
    }

    /// Reads an array whose elements must all be objects.
    func objects(_ key: String) throws(GPSDDecodingError) -> [JSONObjectReader] {
        guard let value = value(key) else { return [] }
        guard case .array(let elements) = value else { throw mismatch(key, "an array", value) }
        var readers: [JSONObjectReader] = []
        for element in elements {
            guard case .object(let members) = element else { throw mismatch(key, "an array of objects", element) }
            readers.append(JSONObjectReader(className: className, members: members))
        }
        return readers
    }
}
