import Foundation
import Testing

/// What a provider that cannot be used says (issue 31): `providers` and `once` give the reason the provider knows
/// (connection refused, no such device, no system bus), in the same words.
@Suite struct ProviderReasonTests {
    @Test func providersNamesWhyTheConfiguredProviderIsNotAvailable() async throws {
        let run = try await Tool.run(["providers"], environment: ["CORELOCATION_PROVIDER": "gpsd://127.0.0.1:1"])
        #expect(run.status == 0)
        #expect(
            run.output.contains("configured  gpsd://127.0.0.1:1  NOT available: connect failed: Connection refused\n"))
        #expect(
            run.output.contains("probe       geoclue:  ") && run.output.contains("probe       gpsd://127.0.0.1:2947  "))
    }

    /// `providers` called `nmea:/dev/tty` available in a program without a controlling terminal (started by a service,
    /// cron or `setsid`), where `watch` then failed at once: it says why it is not, in that failure's words.
    @Test func providersSaysWhyDevTtyIsNotAvailableWithoutAControllingTerminal() throws {
        let setsid = try #require(Tool.onPath("setsid"), "util-linux's setsid starts the tool in a session of its own")
        let run = try Tool.runBlocking(
            ["--wait", Tool.executable.path, "providers"], environment: ["CORELOCATION_PROVIDER": "nmea:/dev/tty"],
            executable: setsid)
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "configured  nmea:/dev/tty  NOT available: \(ProviderFailureTests.noControllingTerminal)\n"))
    }

    /// A configured replay of a regular file is available only when it gives a fix.
    ///
    /// `providers` called `gpx:/etc/passwd` available (a trial of the tool), where `watch` then refused it as invalid
    /// input. A file cut short still gives the fixes before the cut, and is available.
    @Test func providersSaysAReplayOfAFileThatGivesNoFixIsNotAvailable() async throws {
        let empty = try TemporaryFile("", suffix: ".nmea")
        let quiet = try TemporaryFile(
            "$GPRMC,120000.00,V,,,,,,,010126,,,N*7A\r\n$GPTXT,01,01,02,hello*2F\r\n", suffix: ".nmea")
        let cut = try TemporaryFile(
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\n"
                + "<trkpt lat=\"1\" lon=\"2\"><time>2026-01-01T00:00:00Z</time></trkpt>\n<trkpt lat", suffix: ".gpx")
        for (uri, said) in [
            (
                "gpx:/etc/passwd",
                "NOT available: invalid input: line 1: XML is not well-formed: text before the root element"
            ),
            ("nmea:\(empty.url.path)", "NOT available: invalid input: no NMEA 0183 sentences: the input is empty"),
            ("nmea:\(quiet.url.path)?speed=2&loop", "NOT available: it holds no fix"),
            ("gpx:\(cut.url.path)", "available"),
        ] {
            let run = try await Tool.run(["providers"], environment: ["CORELOCATION_PROVIDER": uri])
            #expect(run.status == 0)
            #expect(run.output.contains("configured  \(uri)  \(said)\n"), "\(run.output)")
        }
    }

    @Test(arguments: [
        ("nmea:/dev/ttyACM9", "/dev/ttyACM9: No such file or directory"),
        ("nmea+tcp://127.0.0.1:1", "127.0.0.1:1: cannot connect: Connection refused"),
        ("gpsd://127.0.0.1:1", "connect failed: Connection refused"),
    ])
    func onceNamesWhyItsProviderDoesNotAnswer(uri: String, reason: String) async throws {
        let run = try await Tool.run(["once", "--provider", uri])
        #expect(run.status == 3)
        #expect(run.error.hasPrefix("corelocation: error: \(uri) does not answer: \(reason); check that it runs"))
    }
}
