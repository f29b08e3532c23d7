/// Why a sentence (or a piece of one) was rejected.
///
/// Every rejection is counted in ``NMEAStatistics`` and, when a diagnostic can be produced,
/// reported as an ``NMEADiagnostic``. Rejected input never produces a fix.
public enum NMEARejectionReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The `*hh` checksum does not equal the XOR of the bytes between `$` and `*`.
    case checksumMismatch
    /// A `*` is present but not followed by exactly two hexadecimal digits.
    case malformedChecksum
    /// No `*hh` checksum, and ``NMEADecoderOptions/acceptsMissingChecksum`` is off.
    case missingChecksum
    /// A new `$` or `!` arrived before the line ended, so the sentence was cut short.
    case truncated
    /// The sentence is longer than ``NMEADecoderOptions/maximumSentenceLength``.
    case tooLong
    /// A control or non-ASCII byte appeared inside a sentence (binary data, noise).
    case invalidCharacter
    /// The address field (talker and sentence type, e.g. `GPGGA`) is malformed.
    case invalidAddress
    /// A field that the sentence type requires is absent (too few fields).
    case missingField
    /// A field has a value that does not parse or lies outside its valid range.
    case malformedField

    /// A short human-readable phrase, for example `checksum mismatch`.
    public var description: String {
        switch self {
        case .checksumMismatch: "checksum mismatch"
        case .malformedChecksum: "malformed checksum"
        case .missingChecksum: "missing checksum"
        case .truncated: "sentence cut short by a new start character"
        case .tooLong: "sentence too long"
        case .invalidCharacter: "invalid character"
        case .invalidAddress: "invalid address field"
        case .missingField: "missing field"
        case .malformedField: "malformed field"
        }
    }
}
