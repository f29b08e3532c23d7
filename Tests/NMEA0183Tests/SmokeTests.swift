import Testing
@testable import NMEA0183

@Test func smoke() {
    var decoder = NMEADecoder()
    let events = decoder.feed("$GPGGA,165007.000,4143.6058,N,08338.0778,W,1,06,1.5,204.3,M,-33.7,M,,0000*67\r\n") + decoder.finish()
    #expect(events.count == 2)
}
