/// `PGRMZ`: Garmin's proprietary altitude sentence.
///
/// Fields (Garmin's GPS proprietary sentence reference): 1 altitude, 2 its unit (`f` feet, `M`/`m` metres),
/// 3 position fix dimension (`2`: the altitude is one the user entered, `3`: the receiver's GPS altitude).
/// Garmin sends the altitude above mean sea level in whole feet (0.3048 m per foot).
public struct PGRMZSentence: Sendable, Hashable {
    /// Metres in one international foot.
    public static let metresPerFoot = 0.3048

    /// Altitude above mean sea level, metres; nil when empty.
    public var altitudeMSL: Double?
    /// The fix dimension (`2` user altitude, `3` GPS altitude); nil when empty or malformed.
    public var fixDimension: Int?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Whether the altitude was measured by the receiver (fix dimension 3) rather than entered by the user.
    public var isMeasured: Bool { altitudeMSL != nil && fixDimension == 3 }

    /// Decodes a `PGRMZ` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 2 fields, a malformed altitude, or an altitude without a unit;
    ///   a malformed fix dimension is read as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(2, name: "unit")
        let altitude = try sentence.decimal(1, "altitude", in: -99_999...999_999)
        let unit = try sentence.letter(2, "unit", allowed: "fMm")
        if let altitude {
            guard let unit else {
                throw NMEAFieldError(
                    reason: .missingField, field: 2, fieldName: "unit", detail: "expected f or M after an altitude")
            }
            altitudeMSL = unit == UInt8(ascii: "f") ? altitude * Self.metresPerFoot : altitude
        }
        var optional = NMEAOptionalFields(sentence)
        fixDimension = optional.integer(3, "fix dimension", in: 1...3)
        ignoredFields = optional.ignored
    }
}
