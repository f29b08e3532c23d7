import Foundation
import Testing

@testable import GPX

/// Every `Date` gives a `<time>` text or a refusal, never a trap.
///
/// Issue 16: a time of 1e16 s (or 2^64 − 1 s) trapped the GPX timestamp formatter (an `Int64` conversion without a
/// range check) in `record` and `--format gpx`.
@Suite struct GPXTimeRangeTests {
    private static let unwritable: [TimeInterval] = [
        1e16, -1e16, 18_446_744_073_709_551_616, 9.3e15, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .infinity, -.infinity, .nan, 253_402_300_800, -62_167_219_201,
    ]

    @Test(arguments: unwritable)
    func timesBeyondFourYearDigitsAreNotFormatted(_ seconds: TimeInterval) {
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: seconds)) == nil)
    }

    @Test func theFourDigitYearsAreFormattedToTheirEnds() {
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00.000Z")
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: 253_402_300_799.999)) == "9999-12-31T23:59:59.999Z")
        // Rounds to year 10000: not a four-digit year.
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: 253_402_300_799.9996)) == nil)
    }

    @Test(arguments: unwritable)
    func aPointWithSuchATimeIsRefusedAndTheFileStaysValid(_ seconds: TimeInterval) throws {
        let url = try GPXTestSupport.temporaryDirectory().appendingPathComponent("track.gpx")
        let writer = try GPXTrackWriter(url: url)
        try writer.append(GPXPoint(latitude: 1, longitude: 2, time: Date(timeIntervalSince1970: 0)))
        let before = try Data(contentsOf: url)
        let point = GPXPoint(latitude: 3, longitude: 4, time: Date(timeIntervalSince1970: seconds))
        let diagnostic = GPXTestSupport.diagnostic { try writer.append(point) }
        #expect(diagnostic?.kind == .outOfRange)
        #expect(diagnostic?.message.hasSuffix("is outside the years 0000 to 9999 GPX can hold") == true)
        #expect(GPXTestSupport.diagnostic { _ = try GPXTrackText.trackPoint(point) }?.kind == .outOfRange)
        #expect(try Data(contentsOf: url) == before)
        #expect(writer.pointCount == 1)
        try writer.close()
        #expect(try GPXDocument(contentsOf: url).tracks.first?.points.count == 1)
    }

    @Test func aDocumentTimeThatCannotBeWrittenIsLeftOut() throws {
        let header = GPXTrackText.header(GPXTrackWriterOptions(name: "n", time: Date(timeIntervalSince1970: 1e16)))
        #expect(header.contains("<metadata><name>n</name></metadata>"))
        #expect(!header.contains("<time>"))
    }
}
