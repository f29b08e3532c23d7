import Foundation

/// A parsed JSON value with its exact JSON type, so that decoding can be lenient yet precise.
///
/// `JSONSerialization` cannot tell `true` from `1` on Linux, so values are decoded through
/// `JSONDecoder` into this enum instead.
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A short rendering for diagnostics, for example `"abc"`, `true`, `an array`.
    var diagnosticDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): "\"\(value.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
