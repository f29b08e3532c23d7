/// One framed, checksum-verified NMEA 0183 sentence, with its fields still raw.
///
/// Field numbering follows the standard: field 1 is the first field after the address
/// (`$GPGGA,`**`123519`**`,...`). Fields past the end read as empty, so optional trailing fields
/// of newer NMEA versions need no special casing. Parse one with ``init(parsing:line:acceptsMissingChecksum:)``.
public struct NMEASentence: Sendable, Hashable {
    /// The sentence bytes from `$` (or `!`) up to, not including, `*hh`.
    let bytes: [UInt8]
    /// Positions in `bytes` of the commas that end the address and each field but the last.
    let commas: [Int]

    /// The 1-based input line the sentence started on (1 when parsed alone).
    public let line: Int
    /// The talker: `GP`, `GN`, `BD`, `IN`, ...
    ///
    /// or `P` for proprietary sentences.
    public let talker: String
    /// The sentence type: `GGA`, `RMC`, ...; for proprietary sentences the rest of the address (`SRFEPE`).
    public let type: String
    /// Whether the sentence carried a `*hh` checksum (always true unless lenient parsing allowed otherwise).
    public let hasChecksum: Bool

    /// Whether this is a proprietary `$P...` sentence.
    public var isProprietary: Bool { talker == "P" }

    /// Whether the sentence started with `!` (encapsulated data such as AIS `!AIVDM`).
    public var isEncapsulated: Bool { bytes.first == UInt8(ascii: "!") }

    /// The address field, for example `GPGGA` or `PSRFEPE`.
    public var address: String { talker + type }

    /// The number of data fields after the address.
    public var fieldCount: Int { commas.count }

    /// The text of field `index` (1-based); empty when the field is empty or beyond the end.
    public func field(_ index: Int) -> String {
        String(decoding: fieldBytes(index), as: UTF8.self)
    }

    /// All data fields as text, in order (for pass-through of unknown and proprietary sentences).
    public var fields: [String] { (0..<fieldCount).map { field($0 + 1) } }

    /// The bytes of field `index` (1-based); empty beyond the end.
    func fieldBytes(_ index: Int) -> ArraySlice<UInt8> {
        guard index >= 1, index <= commas.count else { return [] }
        let start = commas[index - 1] + 1
        let end = index < commas.count ? commas[index] : bytes.count
        return bytes[start..<end]
    }
}
