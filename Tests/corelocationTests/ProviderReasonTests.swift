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
