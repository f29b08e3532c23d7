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
}
