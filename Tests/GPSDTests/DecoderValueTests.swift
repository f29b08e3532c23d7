import Foundation
import Testing

@testable import GPSD

/// Issue 32: what gpsd's JSON may hold that the decoder used to misjudge.
@Suite struct DecoderValueTests {
    /// A TPV with a fix, without its closing brace.
    private static let tpv = #"{"class":"TPV","mode":2,"lat":45.7,"lon":4.8,"time":"2026-11-30T06:36:05.000Z""#

    @Test func aNumberTooLargeForADoubleInAMemberNobodyReadsIsIgnored() throws {
        guard case .tpv(let tpv) = try GPSDDecoder.decode(Self.tpv + #","wobble":1e309,"x":[-1e400]}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(tpv.latitude == 45.7)
    }

    @Test func aNumberTooLargeForADoubleInAMemberThatIsReadIsAnInvalidValue() {
        #expect(
            throws: GPSDDecodingError(
                className: "TPV",
                reason: .invalidValue(
                    field: "alt", expected: "a number a double can hold (magnitude under 1.8e308)", found: "1e309"))
        ) { try GPSDDecoder.decode(Self.tpv + #","alt":1e309}"#) }
    }

    @Test(arguments: ["10000-01-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-30T06:36:05+23:99"])
    func aTimeStringThatIsNoTimeIsAnInvalidValueNotAWrongType(time: String) {
        let line = #"{"class":"TPV","mode":2,"lat":45.7,"lon":4.8,"time":"\#(time)"}"#
        #expect(
            throws: GPSDDecodingError(
                className: "TPV",
                reason: .invalidValue(field: "time", expected: "a valid ISO 8601 time", found: "\"\(time)\""))
        ) { try GPSDDecoder.decode(line) }
    }
}
