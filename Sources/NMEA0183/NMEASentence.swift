/// One framed, checksum-verified NMEA 0183 sentence, with its fields still raw.
///
/// Field numbering follows the standard: field 1 is the first field after the address
/// (`$GPGGA,`**`123519`**`,...`). Fields past the end read as empty, so optional trailing fields
/// of newer NMEA versions need no special casing. Parse one with ``init(parsing:line:acceptsMissingChecksum:)``.
public struct NMEASentence: Sendable, Hashable {
    /// The sentence bytes from `$` (or `!`) up to, not including, `*hh`.
    private var bytes: [UInt8] = []
    /// Positions in `bytes` of the commas that end the address and each field but the last.
    private var commas: [Int] = []
    /// The length of the talker in the address: 1 for proprietary `$P...` sentences, 2 otherwise.
    private var talkerLength = 2
    /// The sentence type packed for dispatch (see ``NMEAFieldView/typeCode``); 0 for proprietary and encapsulated
    /// ones.
    private var typeCode: UInt32 = 0

    /// The 1-based input line the sentence started on (1 when parsed alone).
    public private(set) var line = 1
    /// Whether the sentence carried a `*hh` checksum (always true unless lenient parsing allowed otherwise).
    public private(set) var hasChecksum = true

    /// An empty sentence, to be filled by ``assign(_:)``.
    init() {}

    /// An owned copy of a parsed view.
    init(copying view: NMEAFieldView) {
        assign(view)
    }

    /// Makes this sentence an owned copy of `view`, reusing its storage when no other copy shares it.
    mutating func assign(_ view: NMEAFieldView) {
        bytes.replaceSubrange(bytes.indices, with: view.bytes)
        commas.replaceSubrange(commas.indices, with: view.commas)
        talkerLength = view.talkerLength
        typeCode = view.typeCode
        line = view.line
        hasChecksum = view.hasChecksum
    }

    /// Calls `body` with a view of this sentence, for the field readers.
    func withView<Result, Failure: Error>(_ body: (NMEAFieldView) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try bytes.withUnsafeBufferPointer { (bytes) throws(Failure) in
            try commas.withUnsafeBufferPointer { (commas) throws(Failure) in
                try body(
                    NMEAFieldView(
                        bytes: bytes, commas: commas, line: line, hasChecksum: hasChecksum,
                        talkerLength: talkerLength, typeCode: typeCode))
            }
        }
    }

    /// The talker: `GP`, `GN`, `BD`, `IN`, ...
    ///
    /// or `P` for proprietary sentences.
    public var talker: String { NMEASentence.talker(code: withView(\.talkerCode)) }
    /// The sentence type: `GGA`, `RMC`, ...; for proprietary sentences the rest of the address (`SRFEPE`).
    public var type: String { withView(\.type) }

    /// Whether this is a proprietary `$P...` sentence.
    public var isProprietary: Bool { talkerLength == 1 }

    /// Whether the sentence started with `!` (encapsulated data such as AIS `!AIVDM`).
    public var isEncapsulated: Bool { bytes.first == UInt8(ascii: "!") }

    /// The address field, for example `GPGGA` or `PSRFEPE`.
    public var address: String { withView { String(decoding: $0.bytes[1..<$0.addressEnd], as: UTF8.self) } }

    /// The number of data fields after the address.
    public var fieldCount: Int { commas.count }

    /// The text of field `index` (1-based); empty when the field is empty or beyond the end.
    public func field(_ index: Int) -> String { withView { $0.field(index) } }

    /// All data fields as text, in order (for pass-through of unknown and proprietary sentences).
    public var fields: [String] { (0..<fieldCount).map { field($0 + 1) } }

    /// The talker of a talker code (``NMEAFieldView/talkerCode``).
    ///
    /// Read from the code's own bytes, first letter first: no array is allocated (this runs once per fix).
    static func talker(code: UInt16) -> String {
        withUnsafeBytes(of: code.bigEndian) { letters in
            String(decoding: UnsafeRawBufferPointer(rebasing: letters[0..<(code & 0xFF == 0 ? 1 : 2)]), as: UTF8.self)
        }
    }
}
