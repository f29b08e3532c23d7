import Foundation
import Testing

@testable import GPSD

@Suite struct TimestampTests {
    // Expected values from `date -u -d TIME +%s`.
    @Test(arguments: [
        ("2015-06-19T18:11:41.000Z", 1_434_737_501.0),
        ("2015-06-19T18:11:41Z", 1_434_737_501.0),
        ("2015-06-19T18:11:41.5Z", 1_434_737_501.5),
        ("2015-06-19T20:11:41.000+02:00", 1_434_737_501.0),
        ("2015-06-20T18:10:41.000+23:59", 1_434_737_501.0),
        ("2015-06-18T18:12:41.000-23:59", 1_434_737_501.0),
        ("2016-12-31T23:59:60.000Z", 1_483_228_800.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
        ("1970-01-01T00:00:00Z", 0.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parsesGpsdTimes(text: String, seconds: Double) throws {
        let date = try #require(GPSDTimestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "", "2015-06-19", "2015-13-01T00:00:00Z", "2015-02-29T00:00:00Z", "2015-06-19T24:00:00Z",
        "2015-06-19T18:11:41.Z", "2015-06-19T18:11:41", "2015-06-19T18:11:41.000Zjunk", "1900-02-29T00:00:00Z",
        // Issue 32: offsets out of range were read (+23:99 as 24 h 39 min).
        "2015-06-19T18:11:41+23:99", "2015-06-19T18:11:41+24:00", "2015-06-19T18:11:41-99:00",
    ])
    func rejectsMalformedTimes(text: String) {
        #expect(GPSDTimestamp.parse(text) == nil)
    }
}
