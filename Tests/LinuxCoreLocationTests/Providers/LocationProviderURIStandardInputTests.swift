import LinuxCoreLocation
import Testing

/// Which provider URIs name standard input (``LocationProviderURI/namesStandardInput``).
@Suite struct LocationProviderURIStandardInputTests {
    @Test(arguments: ["nmea:-", "gpx:-", "nmea:/dev/stdin", "gpx:/dev/fd/0", "nmea:/proc/self/fd/0?speed=max"])
    func theseNameStandardInput(uri: String) throws {
        #expect(try LocationProviderURI(uri).namesStandardInput)
    }

    /// Other descriptors and devices are not standard input, nor is a file called `-` in a folder.
    @Test(arguments: ["nmea:/dev/fd/3", "nmea:/dev/tty", "nmea:/proc/1/fd/0", "gpx:./-", "gpx:track.gpx", "nmea:"])
    func theseDoNot(uri: String) throws {
        #expect(try !LocationProviderURI(uri).namesStandardInput)
    }
}
