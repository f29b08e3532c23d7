/// A field of a framed sentence that is missing or malformed.
///
/// Thrown by the typed sentence initialisers (``GGASentence/init(_:)`` and friends) and turned into an
/// ``NMEADiagnostic`` by ``NMEADecoder``.
public struct NMEAFieldError: Error, Sendable, Hashable {
    /// ``NMEARejectionReason/malformedField`` or ``NMEARejectionReason/missingField``.
    public var reason: NMEARejectionReason
    /// The 1-based field number.
    public var field: Int
    /// The field's name, for example `quality`.
    public var fieldName: String
    /// What was expected and what was found, for example `expected a digit 0-8, found "x"`.
    public var detail: String
}
