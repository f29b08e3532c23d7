import Foundation
import GPX
import Testing

@testable import corelocation

/// The tool's buffer writes in place in its own memory (issue 30): its room is grown before each piece, whatever
/// came before, including bytes appended through ``OutputBuffer/withBytes(_:)``, which leaves no room spare.
@Suite struct OutputBufferRoomTests {
    /// An empty buffer takes empty pieces, then pieces mixed with GPX lines appended through `withBytes`, a long name
    /// among them, and bytes removed: every byte is where it belongs.
    @Test func piecesWrittenAfterWithBytesLandAfterItsBytes() throws {
        var buffer = OutputBuffer(capacity: 0)
        buffer.append("")
        buffer.append(contentsOf: "")
        #expect(buffer.count == 0)
        let name = String(repeating: "é<", count: 3_000)
        let point = GPXPoint(
            latitude: 1.5, longitude: -2.25, time: Date(timeIntervalSince1970: 1_700_000_000.25), name: name)
        var expected = ""
        for index in 0..<3 {
            buffer.appendDecimal(Double(index) + 0.5, 3, after: "n=")
            expected += "n=\(index).5"
            try buffer.withBytes { try GPXTrackText.appendTrackPoint(point, to: &$0) }
            expected += try GPXTrackText.trackPoint(point)
            buffer.appendTimestamp(Date(timeIntervalSince1970: 1_700_000_000.25))
            expected += "2023-11-14T22:13:20.250Z"
            buffer.append(UInt64.max, width: 25)
            expected += "00000" + String(UInt64.max)
            buffer.append(contentsOf: "ü")
            buffer.removeLast(2)
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
        #expect(buffer.count == expected.utf8.count)
        buffer.removeAll()
        buffer.appendJSONString("a\u{1}\"")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == #""a\u0001\"""#)
    }
}
