import Foundation
import Testing

/// A provider's failure carries its reason on the error line and in JSON Lines (issue 15's tester, item 7).
@Suite struct ProviderFailureTests {
    /// GeoClue without a system bus (the runner points `DBUS_SYSTEM_BUS_ADDRESS` at nothing).
    @Test func geoClueSaysWhyItFailed() async throws {
        let text = try await Tool.run(["watch", "--provider", "geoclue:", "--format", "text"])
        #expect(text.status == 1)
        #expect(
            text.error.hasPrefix(
                "corelocation: error: the provider geoclue: failed: no system D-Bus (cannot connect to D-Bus at "))
        #expect(text.error.hasSuffix("; GeoClue2 needs one\n"))
        #expect(text.error.split(separator: "\n").count == 1)  // said once, not again by the library
        let json = try await Tool.run(["watch", "--provider", "geoclue:", "--format", "jsonl"])
        let object = try #require(try json.jsonObjects().first)
        #expect(object["code"] as? String == "network")
        #expect((object["message"] as? String)?.hasSuffix("; GeoClue2 needs one") == true)
    }

    /// A gpsd that speaks another protocol version.
    @Test func gpsdSaysWhyItFailed() async throws {
        let gpsd = try ScriptedGPSD(lines: [], protocolMajor: 2)
        let run = try await Tool.run(["watch", "--provider", gpsd.uri, "--format", "jsonl"])
        #expect(run.status == 1)
        #expect(
            run.error
                == "corelocation: error: the provider \(gpsd.uri) failed: gpsd speaks protocol 2.0; this client "
                + "supports major version 3 only\n")
        let object = try #require(try run.jsonObjects().first)
        #expect(
            (object["message"] as? String)?.hasSuffix(
                "gpsd speaks protocol 2.0; this client supports major version 3 only") == true)
    }

    /// Item 21: a GPX input error is said once, by the tool's line.
    @Test func aGPXInputErrorIsSaidOnce() async throws {
        let bad = try TemporaryFile("<?xml version=\"1.0\"?>\n<gpx><trk><trkseg></gpx>", suffix: ".gpx")
        let run = try await Tool.run(["--provider", "gpx:\(bad.url.path)", "--format", "text"])
        #expect(run.status == 65)
        #expect(run.error.split(separator: "\n").count == 1)
        #expect(run.error.hasPrefix("corelocation: error: invalid input from gpx:\(bad.url.path): line 2: "))
    }

    /// `monitor` and `visits` end on a provider's failure as `watch` does: they ran until killed, without a word, on
    /// an empty NMEA file (a new user's trial, 7 Dec; the manager reported the failure only to location updates).
    @Test(arguments: [["monitor", "--region", "1,2,100"], ["visits"]])
    func aCommandThatOnlyMonitorsEndsOnTheProvidersFailure(_ command: [String]) async throws {
        let empty = try TemporaryFile("", suffix: ".nmea")
        let run = try await Tool.run(command + ["--provider", "nmea:\(empty.url.path)", "--duration", "20"])
        #expect(run.status == 65)
        #expect(
            run.error
                == "corelocation: error: invalid input from nmea:\(empty.url.path): no NMEA 0183 sentences: the input is "
                + "empty\n")
    }

    /// A device that is not a terminal and gives no NMEA ends the command with status 65.
    ///
    /// The trial of the tool: `nmea:/dev/null` retried "end of stream" for ever and `nmea:/dev/zero` read at full
    /// CPU without a word. A device that is not a terminal and gives no NMEA is invalid input, as an empty or a
    /// binary file is.
    @Test func aDeviceThatGivesNoNMEAIsInvalidInput() async throws {
        let null = try await Tool.run(["watch", "--provider", "nmea:/dev/null", "--format", "text", "--duration", "5"])
        #expect(null.status == 65)
        #expect(
            null.error
                == "corelocation: error: invalid input from nmea:/dev/null: no NMEA 0183 sentences: the input is "
                + "empty\n")
        let zero = try await Tool.run(["watch", "--provider", "nmea:/dev/zero", "--format", "text", "--duration", "5"])
        #expect(zero.status == 65)
        #expect(
            zero.error
                == "corelocation: error: invalid input from nmea:/dev/zero: no NMEA 0183 sentences: none began in the "
                + "first 4096 bytes\n")
    }

    /// A pseudo-terminal named by its number that is not there fails at once, with status 1.
    ///
    /// A device gone for good: looking for it again could open the terminal the kernel gives that number to next. The
    /// trial of the tool read a test's pseudo-terminal after its own had closed.
    @Test func anAbsentPseudoTerminalNamedByItsNumberFailsAtOnce() async throws {
        let path = try #require(
            (4096..<8192).lazy.map { "/dev/pts/\($0)" }.first { !FileManager.default.fileExists(atPath: $0) })
        let run = try await Tool.run(["watch", "--provider", "nmea:\(path)", "--format", "text", "--duration", "20"])
        #expect(run.status == 1)
        #expect(
            run.error
                == "corelocation: error: the provider nmea:\(path) failed: \(path): cannot open: No such file or "
                + "directory; a pseudo-terminal named by its number or by a descriptor is neither reopened nor waited "
                + "for, because the kernel gives its number to the next program that opens one; name a symbolic link "
                + "to it instead (socat's link=/tmp/gps0), which is reopened when it points to a new one\n")
    }

    /// `nmea:/dev/tty` in a program without a controlling terminal fails at once, with status 1, and `once` says at
    /// once that it does not answer, with status 3, as for a missing device.
    ///
    /// Opening it fails with `ENXIO` whatever the delay: a new user's trial saw it retried until `once` timed out,
    /// saying only that no fix had come (status 2), where a missing device says it does not answer. `once` reached
    /// the same failure as `watch` (status 1) while `providers` called it available (ProviderReasonTests).
    @Test func devTtyWithoutAControllingTerminalFailsAtOnce() throws {
        let setsid = try #require(Tool.onPath("setsid"), "util-linux's setsid starts the tool in a session of its own")
        let watch = try Tool.runBlocking(
            ["--wait", Tool.executable.path, "watch", "--provider", "nmea:/dev/tty", "--duration", "20"],
            executable: setsid)
        #expect(watch.status == 1)
        #expect(
            watch.error
                == "corelocation: error: the provider nmea:/dev/tty failed: \(Self.noControllingTerminal)\n")
        let once = try Tool.runBlocking(
            ["--wait", Tool.executable.path, "once", "--provider", "nmea:/dev/tty", "--timeout", "20"],
            executable: setsid)
        #expect(once.status == 3)
        #expect(
            once.error
                == "corelocation: error: nmea:/dev/tty does not answer: \(Self.noControllingTerminal); check that it "
                + "runs or is plugged in, or choose another with --provider\n")
    }

    /// Why `/dev/tty` cannot be opened by a program without a controlling terminal.
    static let noControllingTerminal =
        "/dev/tty: cannot open: No such device or address: this program has no controlling terminal (started by a "
        + "service, cron or setsid); name the terminal's device"
}
