/// A D-Bus value with its type: what message bodies, header fields and variants hold.
///
/// Arrays carry their element type so that empty arrays still marshal with a signature. Dictionaries are
/// arrays of ``dictionaryEntry(_:_:)`` values; ``dictionary(_:)`` builds the common `a{sv}`. A byte array (`ay`)
/// has a form of its own, ``byteArray(_:)``, one byte per byte: decoding always gives that form, and it equals
/// the same bytes written as `.array(.byte, …)`, which marshals identically.
/// Source: D-Bus Specification, "Type System".
public indirect enum DBusValue: Sendable, Equatable {
    /// `y`: an unsigned 8-bit integer, 0…255.
    case byte(UInt8)
    /// `b`: a boolean, marshalled as a 32-bit 0 or 1 (other values are malformed).
    case boolean(Bool)
    /// `n`: a signed 16-bit integer.
    case int16(Int16)
    /// `q`: an unsigned 16-bit integer.
    case uint16(UInt16)
    /// `i`: a signed 32-bit integer.
    case int32(Int32)
    /// `u`: an unsigned 32-bit integer, for example GeoClue's accuracy level or thresholds.
    case uint32(UInt32)
    /// `x`: a signed 64-bit integer.
    case int64(Int64)
    /// `t`: an unsigned 64-bit integer, for example the seconds of GeoClue's `Timestamp`.
    case uint64(UInt64)
    /// `d`: an IEEE 754 double, for example GeoClue's latitude in degrees.
    case double(Double)
    /// `s`: UTF-8 text without NUL characters.
    case string(String)
    /// `o`: an object path such as `/org/freedesktop/GeoClue2/Client/1`.
    case objectPath(String)
    /// `g`: a type signature such as `a{sv}`, at most 255 bytes.
    case signature(String)
    /// `v`: a value that carries its type.
    case variant(DBusValue)
    /// `aT`: the element type and the elements, each of that type.
    case array(DBusType, [DBusValue])
    /// `ay`: an array of bytes, stored as bytes (one `.byte` value per byte would cost some 40 times the memory).
    case byteArray([UInt8])
    /// `(…)`: one or more fields.
    case structure([DBusValue])
    /// `{KV}`: a key (a basic value) and its value; only inside arrays.
    case dictionaryEntry(DBusValue, DBusValue)

    /// The value's type.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .variant: .variant
        case .array(let element, _): .array(element)
        case .byteArray: .array(.byte)
        case .structure(let fields): .structure(fields.map(\.type))
        case .dictionaryEntry(let key, let value): .dictionaryEntry(key: key.type, value: value.type)
        }
    }

    /// Whether two values are the same D-Bus value: the same case and payload, or the same bytes as
    /// ``byteArray(_:)`` and as an ``array(_:_:)`` of `.byte` values.
    public static func == (lhs: DBusValue, rhs: DBusValue) -> Bool {
        switch (lhs, rhs) {
        case (.byte(let left), .byte(let right)): left == right
        case (.boolean(let left), .boolean(let right)): left == right
        case (.int16(let left), .int16(let right)): left == right
        case (.uint16(let left), .uint16(let right)): left == right
        case (.int32(let left), .int32(let right)): left == right
        case (.uint32(let left), .uint32(let right)): left == right
        case (.int64(let left), .int64(let right)): left == right
        case (.uint64(let left), .uint64(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.objectPath(let left), .objectPath(let right)): left == right
        case (.signature(let left), .signature(let right)): left == right
        case (.variant(let left), .variant(let right)): left == right
        case (.array(let leftType, let left), .array(let rightType, let right)): leftType == rightType && left == right
        case (.byteArray(let left), .byteArray(let right)): left == right
        case (.byteArray(let bytes), .array(.byte, let items)), (.array(.byte, let items), .byteArray(let bytes)):
            bytes.count == items.count && zip(bytes, items).allSatisfy { .byte($0) == $1 }
        case (.structure(let left), .structure(let right)): left == right
        case (.dictionaryEntry(let leftKey, let left), .dictionaryEntry(let rightKey, let right)):
            leftKey == rightKey && left == right
        default: false
        }
    }

    /// An `a{sv}` dictionary, keys in the order given.
    public static func dictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(
            .dictionaryEntry(key: .string, value: .variant),
            entries.map { .dictionaryEntry(.string($0.0), .variant($0.1)) })
    }

    /// The entries of an `a{sv}` dictionary with the variants unwrapped, or `nil` for any other value.
    ///
    /// A key given twice keeps its last value.
    public var stringVariantDictionary: [String: DBusValue]? {
        guard case .array(.dictionaryEntry(key: .string, value: .variant), let entries) = self else { return nil }
        var result: [String: DBusValue] = [:]
        for case .dictionaryEntry(.string(let key), .variant(let value)) in entries { result[key] = value }
        return result
    }

    /// The string of an `s`, `o` or `g` value, else `nil`.
    public var stringValue: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// The number of a `d` value, else `nil`.
    public var doubleValue: Double? {
        if case .double(let number) = self { number } else { nil }
    }

    /// The number of a `y q u t` value, else `nil`.
    public var unsignedValue: UInt64? {
        switch self {
        case .byte(let number): UInt64(number)
        case .uint16(let number): UInt64(number)
        case .uint32(let number): UInt64(number)
        case .uint64(let number): number
        default: nil
        }
    }
}
