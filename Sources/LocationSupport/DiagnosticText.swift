/// Text from outside (a path, a provider URI, a file's contents) made safe to print as one line of a terminal.
///
/// A path or URI can hold any byte but NUL and `/`: an escape (U+001B) in one starts a terminal control sequence
/// that can recolour, move or hide what follows, and a newline forges a line of its own. Every control character
/// (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F) is therefore written as Swift writes it in a string literal,
/// `\u{1B}`; everything else, including non-ASCII letters, is kept. Pure and thread-safe.
package enum DiagnosticText {
    /// `text` with each control character written as `\u{XX}` (hexadecimal, upper case); `text` itself when it
    /// has none.
    ///
    /// - Parameter text: One line of a message, without its line end.
    /// - Returns: The line, safe for a terminal.
    package static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var line = ""
        line.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
