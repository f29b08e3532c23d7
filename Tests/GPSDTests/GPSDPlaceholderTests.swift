import Testing
@testable import GPSD

@Test func moduleBuilds() {
    #expect(GPSD.defaultPort == 2947)
}
