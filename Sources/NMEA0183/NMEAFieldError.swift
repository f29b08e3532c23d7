/// A field of a framed sentence that is missing or malformed.
///
/// Thrown by the typed sentence initialisers (``GGASentence/init(_:)`` and friends) for the fields a sentence
/// cannot do without, and collected in their `ignoredFields` for optional ones; ``NMEADecoder`` turns both into
/// ``NMEADiagnostic``s.
public struct NMEAFieldError: Error, Sendable, Hashable {
    /// ``NMEARejectionReason/malformedField`` or ``NMEARejectionReason/missingField``.
    public var reason: NMEARejectionReason
    /// The 1-based field number.
    public var field: Int
    /// The field's name, for example `quality`.
    public var fieldName: String
    /// What was expected, for example `expected an integer in 0...8`; never the field's value.
    public var detail: String
    /// The field's raw text, for example `x`; nil when the field is missing.
    ///
    /// It can hold a coordinate, so diagnostics show it only with ``NMEADecoderOptions/includesFieldValues``.
    public var foundValue: String?

    /// Creates a field error.
    ///
    /// - Parameters:
    ///   - reason: `malformedField` or `missingField`.
    ///   - field: The 1-based field number.
    ///   - fieldName: The field's name.
    ///   - detail: What was expected, without the field's value.
    ///   - foundValue: The field's raw text, if any.
    public init(
        reason: NMEARejectionReason, field: Int, fieldName: String, detail: String, foundValue: String? = nil
    ) {
        self.reason = reason
        self.field = field
        self.fieldName = fieldName
        self.detail = detail
        self.foundValue = foundValue
    }
}
