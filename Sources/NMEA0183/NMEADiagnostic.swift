/// One rejected sentence or ignored field, described like a compiler diagnostic.
///
/// `description(source:)` renders e.g. `log.nmea:12: error: GGA field 6 (quality): expected an integer in 0...8`,
/// or `log.nmea:7: warning: RMC field 11 (magnetic variation direction): expected one of E, W; field ignored` for
/// a malformed optional field that did not cost the sentence. The field's raw text (`found "x"`) is appended only
/// when the decoder kept it (``NMEADecoderOptions/includesFieldValues``), because fields can hold coordinates.
public struct NMEADiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The sentence was rejected.
        case error
        /// A malformed optional field was ignored; the rest of the sentence was used.
        case warning
    }

    /// The 1-based line of the input where the sentence started (CR, LF and CR LF each end a line).
    public var line: Int
    /// Why the sentence (or, for a warning, the field) was not accepted.
    public var reason: NMEARejectionReason
    /// Whether the sentence was rejected (`error`) or only a field of it ignored (`warning`).
    public var severity: Severity
    /// The sentence type (`GGA`, `RMC`, ...), or nil when the address could not be read.
    public var sentenceType: String?
    /// The 1-based field number (field 1 follows the address), or nil when the problem is not in one field.
    public var field: Int?
    /// The field's name (`quality`, `latitude`, ...), or nil.
    public var fieldName: String?
    /// The rest of the message after the location, for example `expected an integer in 0...8`.
    public var detail: String
    /// The raw text that was found, when ``NMEADecoderOptions/includesFieldValues`` kept it; nil otherwise.
    public var foundValue: String?

    /// Creates a diagnostic.
    public init(
        line: Int, reason: NMEARejectionReason, severity: Severity = .error, sentenceType: String? = nil,
        field: Int? = nil, fieldName: String? = nil, detail: String, foundValue: String? = nil
    ) {
        self.line = line
        self.reason = reason
        self.severity = severity
        self.sentenceType = sentenceType
        self.field = field
        self.fieldName = fieldName
        self.detail = detail
        self.foundValue = foundValue
    }

    /// The diagnostic as `source:line: error: TYPE field N (name): detail`.
    ///
    /// - Parameter source: the name of the input (a file name, a device path).
    /// - Returns: One line in the style of a compiler diagnostic.
    public func description(source: String) -> String {
        var text = "\(source):\(line): \(severity.rawValue): "
        if let sentenceType { text += sentenceType + " " }
        if let field {
            text += "field \(field)"
            if let fieldName { text += " (\(fieldName))" }
            text += ": "
        } else if sentenceType != nil {
            text += "sentence: "
        }
        text += detail
        if let foundValue { text += ", found \"\(foundValue)\"" }
        if severity == .warning { text += "; field ignored" }
        return text
    }

    /// The diagnostic with `<nmea>` as the source name.
    public var description: String { description(source: "<nmea>") }
}
