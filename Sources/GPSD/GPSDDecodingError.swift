/// Why one line from gpsd could not be turned into a ``GPSDMessage``.
///
/// The client skips such a line, counts it in ``GPSDClientStatistics`` and reports it as a
/// ``GPSDProtocolError``; the stream continues. ``description`` reads like a compiler diagnostic
/// without the location, e.g. `TPV field "lat": expected a number, found "north"`.
/// Source of semantics: the object and field definitions of gpsd's `gpsd_json(5)`.
public struct GPSDDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The specific defect.
    public enum Reason: Sendable, Equatable {
        /// The line is not valid JSON; the associated text is the parser's explanation.
        case invalidJSON(String)
        /// The line is valid JSON but not an object.
        case notAnObject
        /// The object has no string member `class`.
        case missingClass
        /// A member that the object class requires is absent or `null`.
        case missingField(String)
        /// A member has a JSON type that cannot be read as the expected type.
        case wrongType(field: String, expected: String, found: String)
        /// A member has the right JSON type but a value that means nothing: a time string that is no time
        /// (`"2026-02-30T00:00:00Z"`, `"10000-01-01T00:00:00Z"`), a number too large for a `Double` (`1e309`).
        case invalidValue(field: String, expected: String, found: String)
        /// A numeric member lies outside its valid range.
        case outOfRange(field: String, value: Double, range: ClosedRange<Double>)
    }

    /// The gpsd object class (`TPV`, `SKY`, ...) when it was known, else `nil`.
    public var className: String?
    /// The defect.
    public var reason: Reason

    /// Creates an error for the given class and reason.
    public init(className: String?, reason: Reason) {
        self.className = className
        self.reason = reason
    }

    /// A one-line explanation, for example `TPV field "mode": expected an integer, found 2.5`.
    public var description: String {
        let owner = className ?? "object"
        switch reason {
        case .invalidJSON(let detail):
            return "invalid JSON: \(detail)"
        case .notAnObject:
            return "expected a JSON object"
        case .missingClass:
            return "object has no string member \"class\""
        case .missingField(let field):
            return "\(owner) is missing required field \"\(field)\""
        case .wrongType(let field, let expected, let found):
            return "\(owner) field \"\(field)\": expected \(expected), found \(found)"
        case .invalidValue(let field, let expected, let found):
            return "\(owner) field \"\(field)\": \(found) is not \(expected)"
        case .outOfRange(let field, let value, let range):
            return "\(owner) field \"\(field)\": \(value) is outside \(range.lowerBound)...\(range.upperBound)"
        }
    }
}
