/// A sentence's bytes and field boundaries, borrowed for the duration of a call: what the typed sentences are
/// decoded from.
///
/// The decoder parses each line into a view of its own buffers, without copying it into an ``NMEASentence``
/// (which owns its bytes); ``NMEASentence/withView(_:)`` gives the same view of an owned sentence, so both paths
/// share one parser and one set of field readers.
struct NMEAFieldView {
    /// The sentence bytes from `$` (or `!`) up to, not including, `*hh`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Positions in ``bytes`` of the commas that end the address and each field but the last.
    let commas: UnsafeBufferPointer<Int>
    /// The 1-based input line the sentence started on.
    let line: Int
    /// Whether the sentence carried a `*hh` checksum.
    let hasChecksum: Bool
    /// The length of the talker in the address: 1 for proprietary `$P...` sentences, 2 otherwise.
    let talkerLength: Int
    /// The three letters of a standard sentence type packed into an integer for dispatch, first letter highest
    /// (`GGA` → 0x474741); 0 for proprietary and encapsulated sentences.
    let typeCode: UInt32

    /// The number of data fields after the address.
    var fieldCount: Int { commas.count }

    /// Whether the sentence started with `!`.
    var isEncapsulated: Bool { bytes[0] == UInt8(ascii: "!") }

    /// Whether this is a proprietary `$P...` sentence.
    var isProprietary: Bool { talkerLength == 1 }

    /// Where the address ends: at the first comma, or at the end of a sentence without fields.
    var addressEnd: Int { commas.first ?? bytes.count }

    /// The sentence type as text (`GGA`; `SRFEPE` for `$PSRFEPE`).
    var type: String { String(decoding: bytes[(1 + talkerLength)..<addressEnd], as: UTF8.self) }

    /// The talker's one or two letters packed into an integer (`GP` → 0x4750, `P` → 0x5000).
    var talkerCode: UInt16 { UInt16(bytes[1]) << 8 | (talkerLength == 2 ? UInt16(bytes[2]) : 0) }

    /// The address (talker and type, `GPGGA`, `PGRME`) packed into an integer.
    ///
    /// Distinct for each address of up to eight characters (longer ones share their first eight); never 0. `nil`
    /// for an encapsulated sentence
    /// (`!AIVDM`), which is not part of a receiver's cycle (``NMEACycleEnd``).
    var addressKey: UInt64? {
        guard !isEncapsulated else { return nil }
        let length = max(1, min(addressEnd, 9)) - 1
        if length > 0, bytes.count >= 9, let base = bytes.baseAddress {
            // The 8 bytes after the start character, first one highest, cut to the address.
            let word = UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: 1, as: UInt64.self))
            return word >> UInt64(64 - 8 * length)
        }
        var key: UInt64 = 0
        for index in 1..<(1 + length) { key = key << 8 | UInt64(bytes[index]) }
        return key
    }

    /// Whether the address is Garmin's `PGRMZ`.
    @inline(__always)
    var isGarminAltitude: Bool {
        isProprietary && !isEncapsulated && addressEnd == 6 && bytes[2] == UInt8(ascii: "G")
            && bytes[3] == UInt8(ascii: "R") && bytes[4] == UInt8(ascii: "M") && bytes[5] == UInt8(ascii: "Z")
    }

    /// The positions in ``bytes`` of field `index` (1-based); empty beyond the end.
    func fieldRange(_ index: Int) -> Range<Int> {
        guard index >= 1, index <= commas.count else { return 0..<0 }
        let start = commas[index - 1] + 1
        return start..<(index < commas.count ? commas[index] : bytes.count)
    }

    /// The bytes of field `index` (1-based); empty beyond the end.
    func fieldBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[fieldRange(index)])
    }

    /// `body`'s result on the bytes of field `index` (empty beyond the end).
    func withField<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(fieldBytes(index))
    }

    /// The text of field `index` (1-based); empty when the field is empty or beyond the end.
    func field(_ index: Int) -> String { String(decoding: fieldBytes(index), as: UTF8.self) }
}
