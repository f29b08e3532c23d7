/// One pass over the bytes of a sentence after its start character, 8 at a time: where a run of plain bytes
/// (printable ASCII other than `$` and `!`) ends, the XOR of the bytes (the checksum) and where the commas are.
///
/// The framer runs it to find the end of a sentence, and the parser takes what it found for a sentence that lies
/// within the fed bytes, so that each of its bytes is read once (``SentenceFramer/scan(_:from:commas:)``); the parser
/// runs it itself on any other sentence (``NMEAFieldView/parse(_:commas:line:acceptsMissingChecksum:body:)``).
struct SentenceBodyScan {
    /// The XOR of the scanned bytes in 8 lanes, one per byte of a word; ``checksum`` folds them.
    private var lanes: UInt64 = 0
    /// How many commas were found; their positions are in the buffer given to
    /// ``scanPlainRun(_:from:to:origin:commas:)``, in order.
    private(set) var commaCount = 0

    /// The XOR of every byte scanned or added.
    var checksum: UInt8 {
        var folded = lanes ^ lanes >> 32
        folded ^= folded >> 16
        return UInt8(truncatingIfNeeded: folded ^ folded >> 8)
    }

    /// Adds a byte that ended a run (`$`, `!`, a control or non-ASCII byte) to the checksum.
    mutating func add(_ byte: UInt8) {
        lanes ^= UInt64(byte)
    }

    /// Takes `sentence[end...]` out of the checksum (XOR is its own inverse) and forgets the commas at positions `end`
    /// and beyond: what a scan of a whole sentence, from origin 0, holds beyond its `*hh`.
    mutating func removeTail(of sentence: UnsafeBufferPointer<UInt8>, from end: Int, commas: UnsafeBufferPointer<Int>) {
        for index in end..<sentence.count { lanes ^= UInt64(sentence[index]) }
        while commaCount > 0, commas[commaCount - 1] >= end { commaCount -= 1 }
    }

    /// Scans `bytes[start..<limit]` up to the first byte that is not plain: adds the plain bytes to the checksum and
    /// writes the position of each comma among them, counted from `origin`, to `commas` after those found before.
    ///
    /// Words of 8 bytes. A first test, exact per byte, flags the bytes outside `%`...`~`: a word without any (most of
    /// a sentence) is plain. In a flagged word, the test the framer needs flags `$`, `!`, control and high bytes (the
    /// "has a zero byte" and "has a byte less than n" bit tricks, whose lowest flagged byte is always a true one), and
    /// the run ends exactly at the lowest. Commas are the exact zero bytes of the word XOR `,,,,,,,,`. The last bytes
    /// before `limit` go one by one.
    ///
    /// - Returns: The index of the first byte that is not plain, or `limit`.
    /// - Precondition: `commas` has room for `limit - start` more positions (a bug otherwise, not bad input).
    mutating func scanPlainRun(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int, origin: Int,
        commas: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        precondition(
            start >= 0 && limit <= bytes.count && commas.count - commaCount >= limit - start,
            "scan beyond the bytes or the comma buffer")
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let commaWord = ones &* UInt64(UInt8(ascii: ","))
        var index = start
        var lanes = self.lanes
        var count = commaCount
        defer {
            self.lanes = lanes
            commaCount = count
        }
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            // Writes the position of each comma flagged in `found` (high bits) of the word at `index`.
            func record(_ found: UInt64) {
                var found = found
                let position = index &- origin
                while found != 0 {
                    commas[count] = position &+ found.trailingZeroBitCount >> 3
                    count &+= 1
                    found &= found &- 1
                }
            }
            while index &+ 8 <= limit {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let low7 = word & lows
                let difference = low7 ^ commaWord
                let comma = ~((difference &+ lows) | word) & highs
                // Per byte, without carries between bytes: below 0x25 (its low 7 bits plus 0x5B stay below 0x80),
                // 0x7F (plus 1 reaches 0x80) or with the high bit set.
                let outside = (~(low7 &+ ones &* 0x5B) | (low7 &+ ones) | word) & highs
                if outside != 0 {
                    let special = Self.specialBytes(word)
                    if special != 0 {
                        let plainBits = special.trailingZeroBitCount &- 7
                        let keep: UInt64 = (1 &<< UInt64(plainBits)) &- 1
                        lanes ^= word & keep
                        record(comma & keep)
                        return index &+ plainBits >> 3
                    }
                }
                lanes ^= word
                record(comma)
                index &+= 8
            }
        }
        while index < limit {
            let byte = bytes[index]
            guard byte >= 0x20, byte <= 0x7E, byte != UInt8(ascii: "$"), byte != UInt8(ascii: "!") else { break }
            lanes ^= UInt64(byte)
            if byte == UInt8(ascii: ",") {
                commas[count] = index &- origin
                count &+= 1
            }
            index &+= 1
        }
        return index
    }

    /// The high bit of each byte of `word` that may not be plain: of every `$`, `!`, control or high byte, and maybe
    /// of bytes above one of those (borrows), never below the lowest.
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let control = (word &- ones &* 0x20) & ~word  // a byte below 0x20
        let high = (word &+ ones) | word  // a byte of 0x7F or more
        let dollar = word ^ (ones &* UInt64(UInt8(ascii: "$")))
        let bang = word ^ (ones &* UInt64(UInt8(ascii: "!")))
        let startCharacter = ((dollar &- ones) & ~dollar) | ((bang &- ones) & ~bang)
        return (control | high | startCharacter) & 0x8080_8080_8080_8080
    }
}
