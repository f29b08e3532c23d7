/// Cleans the strings a geocoding service returns before they become placemark values.
///
/// A server or a file is outside the user's control: its strings must not carry terminal escapes, line breaks
/// or bidirectional overrides into an app's output (`%address` is one line). Control characters (C0, DEL,
/// C1), line and paragraph separators and the bidirectional formatting characters (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069) become spaces; runs of white space shrink to one; the ends are trimmed.
enum GeocodedText {
    /// `text` cleaned; `nil` when nothing but white space is left.
    static func clean(_ text: String) -> String? {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isBlank(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result.isEmpty ? nil : result
    }

    /// Whether `scalar` is white space, a control or a bidirectional formatting character.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x20, 0x7F...0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: scalar.properties.isWhitespace
        }
    }
}
