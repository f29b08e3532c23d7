import GPSD
import Testing

@Suite struct FramerTests {
    private func text(_ lines: [GPSDLineFramer.Line]) -> [String] {
        lines.map {
            switch $0 {
            case .complete(let bytes): String(decoding: bytes, as: UTF8.self)
            case .overlong(let length): "<overlong \(length)>"
            }
        }
    }

    @Test func splitsOnCRLFAndLFAndSkipsEmptyLines() {
        var framer = GPSDLineFramer()
        #expect(text(framer.append(Array("{\"a\":1}\r\n{\"b\":2}\n\r\n\n{\"c\"".utf8))) == ["{\"a\":1}", "{\"b\":2}"])
        #expect(framer.bufferedByteCount == 4)
        #expect(text(framer.append(Array(":3}\r\n".utf8))) == ["{\"c\":3}"])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func reassemblesALineFedOneByteAtATime() {
        var framer = GPSDLineFramer()
        var lines: [String] = []
        for byte in Array("{\"class\":\"TPV\",\"mode\":1}\r\n".utf8) {
            lines += text(framer.append([byte]))
        }
        #expect(lines == ["{\"class\":\"TPV\",\"mode\":1}"])
    }

    @Test func acceptsTheLimitAndSkipsOneByteMore() {
        var framer = GPSDLineFramer(maximumLineLength: 10)
        let exact = String(repeating: "x", count: 10)
        let over = String(repeating: "y", count: 11)
        #expect(text(framer.append(Array("\(exact)\r\n\(over)\r\nok\n".utf8))) == [exact, "<overlong 12>", "ok"])
        #expect(text(framer.append(Array("\(over)\n".utf8))) == ["<overlong 11>"])
    }

    @Test func boundsMemoryForAnEndlessLine() {
        var framer = GPSDLineFramer()
        for _ in 0..<100 {
            #expect(framer.append([UInt8](repeating: UInt8(ascii: "z"), count: 4096)).isEmpty)
            #expect(framer.bufferedByteCount <= GPSD.maximumLineLength + 1)
        }
        #expect(text(framer.append(Array("\n{}\n".utf8))) == ["<overlong 409600>", "{}"])
    }
}
