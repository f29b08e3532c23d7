import Foundation
import Testing

@testable import GPX

/// Expected Unix times were computed with Python's `datetime` (aware, UTC), not by this code.
@Suite struct GPXTimestampTests {
    private func parse(_ text: String) -> GPXTimestamp.Value? {
        Array(text.utf8).withUnsafeBufferPointer { GPXTimestamp.parse($0) }
    }

    private func unix(_ text: String) -> Double? {
        guard case .date(let date) = parse(text) else { return nil }
        return date.timeIntervalSince1970
    }

    @Test func zoneDesignators() {
        #expect(unix("2000-01-01T00:00:00Z") == 946_684_800)
        #expect(unix("2000-01-01T00:00:00") == 946_684_800, "no designator means UTC")
        #expect(unix("2000-01-01T00:00:00z") == 946_684_800)
        #expect(unix("2024-02-29T23:59:59-05:30") == 1_709_270_999)
        #expect(unix("2024-02-29T23:59:59-0530") == 1_709_270_999)
        #expect(unix("2015-12-11T15:43:13.000+01:00") == 1_449_844_993)
        #expect(unix("2015-12-11T15:43:13+01") == 1_449_844_993)
        #expect(unix("1969-12-31T23:59:59Z") == -1)
        #expect(unix("2100-03-01T00:00:00Z") == 4_107_542_400)
    }

    @Test(arguments: [
        ("2013-07-29T23:40:30.4Z", 0.4), ("2013-07-29T23:40:30.45Z", 0.45), ("2013-07-29T23:40:30.453Z", 0.453),
        ("2013-07-29T23:40:30.4530Z", 0.453), ("2013-07-29T23:40:30.45301Z", 0.45301),
        ("2013-07-29T23:40:30.453012Z", 0.453012), ("2013-07-29T23:40:30.4530123Z", 0.4530123),
        ("2013-07-29T23:40:30.45301234Z", 0.45301234), ("2013-07-29T23:40:30.453012345Z", 0.453012345),
    ])
    func fractionalDigits(_ text: String, _ fraction: Double) throws {
        let value = try #require(unix(text))
        #expect(abs(value - (1_375_141_230 + fraction)) < 1e-6)
    }

    @Test(arguments: [
        "", "2013-07-29", "2013-07-29T23:40", "2013-07-29T23:40:30.", "2013-07-29T23:40:30.4530123456Z",
        "2013-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2013-07-29T24:00:00Z", "2013-07-29T23:60:00Z",
        "2013-07-29T23:40:30+25:00", "2013-07-29T23:40:30Q", "13-07-29T23:40:30Z", "2013-07-29T23:40:30 Z",
        "２０１３-07-29T23:40:30Z",
    ])
    func rejectsMalformed(_ text: String) {
        #expect(parse(text) == nil)
    }

    @Test(arguments: [
        "1901-12-13T20:45:52Z", "1901-12-13T20:45:52", "1901-12-13T20:45:52.207Z",
        "1901-12-13T20:45:52.2073437Z", "1901-12-13T21:45:52+01:00",
    ])
    func sentinel(_ text: String) {
        #expect(parse(text) == .sentinel)
    }

    @Test func oneSecondAfterSentinelIsATime() {
        #expect(unix("1901-12-13T20:45:53Z") == -2_147_483_647)
    }

    @Test func formatsUTCWithMilliseconds() {
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: 1_375_141_230.453)) == "2013-07-29T23:40:30.453Z")
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: 1_700_000_000.1235)) == "2023-11-14T22:13:20.124Z")
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.500Z")
        #expect(GPXTimestamp.format(Date(timeIntervalSince1970: 1_709_290_799.9996)) == "2024-03-01T11:00:00.000Z")
    }
}
