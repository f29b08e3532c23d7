/// A parsed JSON value with its exact JSON type, so that decoding can be lenient yet precise (`true` is not `1`).
///
/// Made by ``JSONParser``.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number the grammar allows but a `Double` cannot hold (`1e309`): its text, refused only where it is read.
    case unrepresentableNumber(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short rendering for diagnostics, for example `"abc"`, `true`, `an array`.
    var diagnosticDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let value): String(value)
        case .unrepresentableNumber(let text): String(text.prefix(40))
        case .string(let value): "\"\(value.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
