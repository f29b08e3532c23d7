import GPSD
import Testing

/// A tester's: gpsd served an NTRIP caster named `ntrip://user:password@host:port/MOUNT`, and the provider's line
/// naming the devices it leaves out showed the password.
@Suite struct DeviceDisplayNameTests {
    @Test(arguments: [
        (
            "ntrip://rellim2:rellim2@167.131.109.57:9879/BNDM_Single_GG3x",
            "ntrip://rellim2:***@167.131.109.57:9879/BNDM_Single_GG3x"
        ),
        ("ntrip://user:p@ss@caster:2101/M", "ntrip://user:***@caster:2101/M"),
        ("ntrip://user@caster:2101/M", "ntrip://user@caster:2101/M"),
        ("tcp://host:2000", "tcp://host:2000"),
        ("tcp://host:2000/a:b@c", "tcp://host:2000/a:b@c"),
        ("/dev/ttyUSB0", "/dev/ttyUSB0"),
        ("udp://:5000", "udp://:5000"),
    ])
    func aNetworkSourcesPasswordIsNotShown(_ path: String, _ shown: String) {
        #expect(GPSDDevice.displayName(of: path) == shown)
    }
}
