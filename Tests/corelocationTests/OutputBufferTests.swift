import Foundation
import Testing

@testable import corelocation

/// The tool's output buffer writes in place in its own memory (issue 30): what encoders of other modules append
/// through `withBytes` and what the buffer's own writers put after it must come out in order, whatever the room left.
@Suite struct OutputBufferTests {
    @Test func ownWritesFollowBytesAppendedElsewhere() {
        var buffer = OutputBuffer(capacity: 8)
        var expected: [UInt8] = []
        for index in 0..<3_000 {
            let piece = Array("<p\(index)>".utf8)
            buffer.withBytes { $0.append(contentsOf: piece) }
            expected += piece
            buffer.appendDecimal(Double(index) / 8, 3, after: ",")
            expected += Array(",\(Numbers.decimal(Double(index) / 8, 3))".utf8)
            buffer.append(UInt64(index), width: 6)
            expected += Array(String(format: "%06d", index).utf8)
            buffer.append("\n")
            expected.append(UInt8(ascii: "\n"))
        }
        #expect(buffer.count == expected.count)
        #expect(Array(buffer.bytes) == expected)
        #expect(expected.count > 60_000, "the buffer grew well past its first room")
    }

    @Test func removingKeepsTheRestAndWritesContinueAfterIt() {
        var buffer = OutputBuffer()
        buffer.append("abc")
        buffer.appendTimestamp(Date(timeIntervalSince1970: 1_717_243_200.125))
        buffer.removeLast(5)
        buffer.append(contentsOf: "|é")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "abc2024-06-01T12:00:00|é")
        buffer.removeAll()
        #expect(buffer.count == 0)
        buffer.withBytes { $0.append(contentsOf: Array("x".utf8)) }
        buffer.append(42, width: 3)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "x042")
    }
}
