import Testing

@testable import NMEA0183

/// The one pass over a sentence's bytes that the framer and the parser share: where a run of plain bytes ends, its
/// checksum and its commas, against a byte-by-byte reference, for every byte value at every place in a word.
struct SentenceBodyScanTests {
    /// What a byte-by-byte reading of `bytes[start..<limit]` gives: the end of the plain run, its XOR and its commas.
    static func reference(_ bytes: [UInt8], from start: Int, to limit: Int, origin: Int)
        -> (stop: Int, checksum: UInt8, commas: [Int])
    {
        var index = start
        var checksum: UInt8 = 0
        var commas: [Int] = []
        while index < limit, (0x20...0x7E).contains(bytes[index]), bytes[index] != 0x24, bytes[index] != 0x21 {
            checksum ^= bytes[index]
            if bytes[index] == UInt8(ascii: ",") { commas.append(index - origin) }
            index += 1
        }
        return (index, checksum, commas)
    }

    static func scan(_ bytes: [UInt8], from start: Int, to limit: Int, origin: Int)
        -> (stop: Int, checksum: UInt8, commas: [Int])
    {
        var body = SentenceBodyScan()
        var positions = [Int](repeating: -1, count: limit - start)
        let stop = bytes.withUnsafeBufferPointer { bytes in
            positions.withUnsafeMutableBufferPointer { commas in
                body.scanPlainRun(bytes, from: start, to: limit, origin: origin, commas: commas)
            }
        }
        return (stop, body.checksum, Array(positions.prefix(body.commaCount)))
    }

    @Test func everyByteAtEveryPlaceEndsTheRunExactlyWhereItShould() {
        let text = Array("$GPGGA,1,-2.5,,N,\"#x ~%,*".utf8)
        var checked = 0
        for byte in 0...255 {
            for place in 1..<text.count {
                var bytes = text
                bytes[place] = UInt8(byte)
                for start in [1, 3] where start <= place {
                    let expected = Self.reference(bytes, from: start, to: bytes.count, origin: start - 1)
                    let found = Self.scan(bytes, from: start, to: bytes.count, origin: start - 1)
                    #expect(found.stop == expected.stop, "byte \(byte) at \(place)")
                    #expect(found.checksum == expected.checksum, "byte \(byte) at \(place)")
                    #expect(found.commas == expected.commas, "byte \(byte) at \(place)")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test func aLimitInsideAWordStopsTheScanThere() {
        let bytes = Array("$GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00".utf8)
        for limit in 1...bytes.count {
            let found = Self.scan(bytes, from: 1, to: limit, origin: 0)
            let expected = Self.reference(bytes, from: 1, to: limit, origin: 0)
            #expect(found.stop == limit)
            #expect(found.checksum == expected.checksum && found.commas == expected.commas, "limit \(limit)")
        }
    }

    /// A sentence the framer scanned in place, with spaces after its checksum: the parser takes them and `*hh` out of
    /// the framer's checksum and decodes the same fix as when it scans the sentence itself (byte by byte).
    @Test func trailingSpacesAfterTheChecksumAreTakenOutOfTheFramersScan() {
        let body = "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
        let line = Array(framed(body, ending: "   \r\n").utf8)
        var inPlace = NMEADecoder()
        let fast = inPlace.feed(line) + inPlace.finish()
        var byteByByte = NMEADecoder()
        let slow = byteByByte.feed(AnySequence(line)) + byteByByte.finish()
        #expect(inPlace.statistics.acceptedSentences == 1)
        #expect(inPlace.diagnostics.isEmpty)
        #expect(fast == slow)
        guard case .fix(let fix) = fast.last else {
            Issue.record("no fix: \(fast)")
            return
        }
        #expect(abs(fix.latitude - (48 + 7.038 / 60)) < 1e-9)
        #expect(fix.altitudeMSL == 545.4)
    }
}
