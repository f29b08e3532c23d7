/// A D-Bus type, as written in a type signature.
///
/// Source: D-Bus Specification, "Type System".
public indirect enum DBusType: Sendable, Hashable, CustomStringConvertible {
    /// `y`, an unsigned 8-bit integer.
    case byte
    /// `b`, a boolean marshalled as a 32-bit 0 or 1.
    case boolean
    /// `n`, a signed 16-bit integer.
    case int16
    /// `q`, an unsigned 16-bit integer.
    case uint16
    /// `i`, a signed 32-bit integer.
    case int32
    /// `u`, an unsigned 32-bit integer.
    case uint32
    /// `x`, a signed 64-bit integer.
    case int64
    /// `t`, an unsigned 64-bit integer.
    case uint64
    /// `d`, an IEEE 754 double.
    case double
    /// `s`, a UTF-8 string without NUL characters.
    case string
    /// `o`, an object path such as `/org/freedesktop/GeoClue2/Manager`.
    case objectPath
    /// `g`, a type signature of at most 255 bytes.
    case signature
    /// `v`, a value carrying its own type.
    case variant
    /// `aT`, an array of `T`; `a{KV}` is a dictionary.
    case array(DBusType)
    /// `(T…)`, a structure of one or more fields.
    case structure([DBusType])
    /// `{KV}`, a dictionary entry with a basic key; only valid as an array's element.
    case dictionaryEntry(key: DBusType, value: DBusType)

    /// The type's signature, for example `a{sv}`.
    public var description: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let element): "a\(element)"
        case .structure(let fields): "(\(fields.map(\.description).joined()))"
        case .dictionaryEntry(let key, let value): "{\(key)\(value)}"
        }
    }

    /// The boundary, in bytes, a value of this type starts on: 1, 2, 4 or 8.
    public var alignment: Int {
        switch self {
        case .byte, .signature, .variant: 1
        case .int16, .uint16: 2
        case .boolean, .int32, .uint32, .string, .objectPath, .array: 4
        case .int64, .uint64, .double, .structure, .dictionaryEntry: 8
        }
    }

    /// Whether the type is basic (not a container or variant), as dictionary keys must be.
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .structure, .dictionaryEntry: false
        default: true
        }
    }

    /// Parses a signature into the sequence of complete types it lists.
    ///
    /// - Parameter signature: Such as `""`, `"oo"` or `"a{sv}"`; at most 255 bytes.
    /// - Returns: The complete types, in order; empty for `""`.
    /// - Throws: ``DBusError/invalidSignature(_:reason:)`` for unknown codes, unbalanced brackets, empty
    ///   structures, dictionary entries outside arrays or with non-basic keys, and nesting deeper than 32
    ///   arrays or 32 structures.
    public static func parse(_ signature: String) throws(DBusError) -> [DBusType] {
        let codes = Array(signature.utf8)
        guard codes.count <= 255 else { throw .invalidSignature(signature, reason: "longer than 255 bytes") }
        var parser = SignatureParser(codes: codes, text: signature)
        var types: [DBusType] = []
        while parser.position < codes.count { types.append(try parser.completeType(arrays: 0, structures: 0)) }
        return types
    }

    /// Parses a signature that must hold exactly one complete type, as a variant's does.
    ///
    /// - Throws: ``DBusError/invalidSignature(_:reason:)`` when it is invalid or holds zero or several types.
    public static func parseSingle(_ signature: String) throws(DBusError) -> DBusType {
        let types = try parse(signature)
        guard types.count == 1 else {
            throw .invalidSignature(signature, reason: "expected exactly one complete type, found \(types.count)")
        }
        return types[0]
    }
}

/// Reads complete types from a signature's bytes.
private struct SignatureParser {
    let codes: [UInt8]
    let text: String
    var position = 0

    mutating func completeType(arrays: Int, structures: Int) throws(DBusError) -> DBusType {
        guard position < codes.count else { throw .invalidSignature(text, reason: "ends inside a container") }
        let code = codes[position]
        position += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            guard arrays < 32 else { throw .invalidSignature(text, reason: "more than 32 nested arrays") }
            if position < codes.count, codes[position] == UInt8(ascii: "{") {
                position += 1
                let key = try completeType(arrays: arrays + 1, structures: structures + 1)
                guard key.isBasic else { throw .invalidSignature(text, reason: "dictionary key \(key) is not basic") }
                let value = try completeType(arrays: arrays + 1, structures: structures + 1)
                guard position < codes.count, codes[position] == UInt8(ascii: "}") else {
                    throw .invalidSignature(text, reason: "dictionary entry must hold one key and one value")
                }
                position += 1
                return .array(.dictionaryEntry(key: key, value: value))
            }
            return .array(try completeType(arrays: arrays + 1, structures: structures))
        case UInt8(ascii: "("):
            guard structures < 32 else { throw .invalidSignature(text, reason: "more than 32 nested structures") }
            var fields: [DBusType] = []
            while position < codes.count, codes[position] != UInt8(ascii: ")") {
                fields.append(try completeType(arrays: arrays, structures: structures + 1))
            }
            guard position < codes.count else { throw .invalidSignature(text, reason: "unclosed \"(\"") }
            guard !fields.isEmpty else { throw .invalidSignature(text, reason: "empty structure \"()\"") }
            position += 1
            return .structure(fields)
        case UInt8(ascii: "{"):
            throw .invalidSignature(text, reason: "dictionary entry outside an array")
        default:
            let character = Character(Unicode.Scalar(code))
            throw .invalidSignature(text, reason: "unknown type code \"\(character)\" at offset \(position - 1)")
        }
    }
}
