import Testing
@testable import NMEA0183

@Test func moduleBuilds() {
    #expect(NMEA0183.standardMaximumSentenceLength == 82)
}
