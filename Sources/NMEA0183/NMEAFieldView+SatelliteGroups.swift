// A GSV's satellite groups checked in one pass, for the decoder's path that keeps no satellite.
extension NMEAFieldView {
    /// Whether the first `groups` satellite groups of a GSV (four fields each from field 4: id 0...999, elevation
    /// −90...90, azimuth 0...360, SNR 0...99) read without an error or an ignored field, as
    /// ``GSVSentence/init(fields:keepsSatellites:)`` reads them; `false` decides nothing (the full reading then does).
    ///
    /// True when the groups' bytes are digits and commas only, each id has at most three digits, and each elevation,
    /// azimuth and SNR is empty or short enough to lie in its range (an elevation of at most two digits and at most
    /// 90, an azimuth at most 360, an SNR of at most two digits). The other fields of a group whose id is empty are not
    /// measured (the full reading skips them), only tested for digits with the rest. The bytes are tested 8 at a time;
    /// the values are read only for elevations of two digits and azimuths of three (issue 30).
    func satelliteGroupsReadPlainly(_ groups: Int) -> Bool {
        guard groups > 0 else { return true }
        guard groups <= (fieldCount &- 3) / 4 else { return false }
        let lastField = 3 &+ 4 &* groups
        let (start, _) = fieldBounds(4)
        let (_, end) = fieldBounds(lastField)
        guard Self.digitsAndCommasOnly(bytes, from: start, to: end) else { return false }
        for group in 0..<groups {
            let id = 4 &+ 4 &* group
            let (idStart, idEnd) = fieldBounds(id)
            if idStart == idEnd { continue }
            let (elevationStart, elevationEnd) = fieldBounds(id &+ 1)
            let (azimuthStart, azimuthEnd) = fieldBounds(id &+ 2)
            let (snrStart, snrEnd) = fieldBounds(id &+ 3)
            guard idEnd &- idStart <= 3, elevationEnd &- elevationStart <= 2, azimuthEnd &- azimuthStart <= 3,
                snrEnd &- snrStart <= 2
            else { return false }
            if elevationEnd &- elevationStart == 2,
                bytes[elevationStart] > UInt8(ascii: "9")
                    || (bytes[elevationStart] == UInt8(ascii: "9") && bytes[elevationStart &+ 1] != UInt8(ascii: "0"))
            {
                return false
            }
            if azimuthEnd &- azimuthStart == 3, Self.threeDigitValue(bytes, at: azimuthStart) > 360 { return false }
        }
        return true
    }

    /// The value of the three digits at `start`.
    private static func threeDigitValue(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        Int(bytes[start] &- 0x30) &* 100 &+ Int(bytes[start &+ 1] &- 0x30) &* 10 &+ Int(bytes[start &+ 2] &- 0x30)
    }

    /// Whether `bytes[start..<end]` holds only ASCII digits and commas; 8 bytes at a time, the rest one by one.
    static func digitsAndCommasOnly(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start >= 0, start <= end, end <= bytes.count else { return false }
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            while index &+ 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let low7 = word & lows
                // Per byte, without carries between bytes (the low 7 bits plus at most 0x7F stay below 0x100): a digit
                // is at least 0x30 (plus 0x50 reaches 0x80) and at most 0x39 (plus 0x46 stays below 0x80); a comma
                // is the zero byte of the word XOR ",,,,,,,,"; a byte with its high bit set is neither.
                let digit = (low7 &+ ones &* 0x50) & ~(low7 &+ ones &* 0x46)
                let difference = low7 ^ (ones &* UInt64(UInt8(ascii: ",")))
                let comma = ~((difference &+ lows) | difference)
                guard (digit | comma) & ~word & highs == highs else { return false }
                index &+= 8
            }
        }
        while index < end {
            let byte = bytes[index]
            guard byte &- 0x30 < 10 || byte == UInt8(ascii: ",") else { return false }
            index &+= 1
        }
        return true
    }
}
