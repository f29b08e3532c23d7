/// One rejected sentence, described like a compiler diagnostic.
///
/// `description(source:)` renders e.g.
/// `log.nmea:12: error: GGA field 6 (quality): expected a digit 0-8, found "x"`.
public struct NMEADiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the input where the rejected sentence started.
    public var line: Int
    /// Why the sentence was rejected.
    public var reason: NMEARejectionReason
    /// The sentence type (`GGA`, `RMC`, ...), or nil when the address could not be read.
    public var sentenceType: String?
    /// The 1-based field number (field 1 follows the address), or nil when the problem is not in one field.
    public var field: Int?
    /// The field's name (`quality`, `latitude`, ...), or nil.
    public var fieldName: String?
    /// The rest of the message after the location, for example `expected a digit 0-8, found "x"`.
    public var detail: String

    /// Creates a diagnostic.
    public init(
        line: Int, reason: NMEARejectionReason, sentenceType: String? = nil,
        field: Int? = nil, fieldName: String? = nil, detail: String
    ) {
        self.line = line
        self.reason = reason
        self.sentenceType = sentenceType
        self.field = field
        self.fieldName = fieldName
        self.detail = detail
    }

    /// The diagnostic as `source:line: error: TYPE field N (name): detail`.
    ///
    /// - Parameter source: the name of the input (a file name, a device path).
    /// - Returns: One line in the style of a compiler diagnostic.
    public func description(source: String) -> String {
        var text = "\(source):\(line): error: "
        if let sentenceType { text += sentenceType + " " }
        if let field {
            text += "field \(field)"
            if let fieldName { text += " (\(fieldName))" }
            text += ": "
        } else if sentenceType != nil {
            text += "sentence: "
        }
        return text + detail
    }

    /// The diagnostic with `<nmea>` as the source name.
    public var description: String { description(source: "<nmea>") }
}
