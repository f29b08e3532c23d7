import Foundation
import Testing

/// The tool never reports a position it does not have: no sample in place of a real provider (except `watch`,
/// announced and marked), no quiet success on input that holds nothing, readable errors with their statuses.
@Suite struct NoInventedLocationTests {
    @Test func onceWithoutAProviderExitsThreeSayingWhatWasTried() async throws {
        let run = try await Tool.run(["once", "--format-string", "%latitude %longitude"])
        #expect(run.status == 3)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("error: no location provider: no --provider, no CORELOCATION_PROVIDER"))
        #expect(run.error.contains("gpsd://127.0.0.1:2947 and geoclue: do not answer"))
        #expect(run.error.contains("--provider sample:"))
        #expect(!run.error.contains("replaying"))
    }

    @Test(arguments: ["once", "record", "heading", "monitor", "visits"])
    func onlyWatchFallsBackToTheSample(_ command: String) async throws {
        var arguments = [command]
        if command == "record" {
            arguments.append(FileManager.default.temporaryDirectory.appendingPathComponent("r-\(UUID()).gpx").path)
        }
        if command == "monitor" { arguments += ["--region", "45.7578,4.832,50"] }
        let run = try await Tool.run(arguments)
        #expect(run.status == 3)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("no location provider"))
        if command == "record" { #expect(!FileManager.default.fileExists(atPath: arguments[1])) }
    }

    @Test func aMistypedEnvironmentIsAUsageErrorLikeAMistypedOption() async throws {
        let environment = try await Tool.run(
            ["once", "--format-string", "%latitude"], environment: ["CORELOCATION_PROVIDER": "gspd://127.0.0.1:2947"])
        let option = try await Tool.run(["once", "--provider", "gspd://127.0.0.1:2947"])
        #expect(environment.status == 64)
        #expect(option.status == 64)
        #expect(environment.output.isEmpty)
        let fromEnvironment = try #require(environment.error.components(separatedBy: "CORELOCATION_PROVIDER: ").last)
        let fromOption = try #require(option.error.components(separatedBy: "--provider: ").last)
        #expect(fromEnvironment == fromOption)
        #expect(fromOption.hasPrefix("no provider for scheme \"gspd\""))
        // watch does not fall back to the sample on a typo either.
        let watch = try await Tool.run(["--count", "1"], environment: ["CORELOCATION_PROVIDER": "gspd://x"])
        #expect(watch.status == 64 && watch.output.isEmpty && !watch.error.contains("replaying"))
    }

    @Test(arguments: ["denied", "restricted"])
    func recordDeniedExitsThreeAndLeavesNoFile(_ status: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("denied-\(UUID()).gpx").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await Tool.run(
            ["record", path, "--provider", "sample:?speed=max"], environment: ["CORELOCATION_AUTHORIZATION": status])
        #expect(run.status == 3)
        #expect(run.error == "corelocation: error: location access is \(status)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFileWithoutNMEAIsInvalidInput() async throws {
        let watch = try await Tool.run(["--provider", "nmea:/etc/passwd?speed=max", "--format", "jsonl"])
        #expect(watch.status == 65)
        #expect(watch.error.contains("error: invalid input from nmea:/etc/passwd?speed=max: no NMEA 0183 sentences: "))
        #expect(watch.error.contains(" lines were rejected, none holds a sentence"))
        #expect(!watch.error.contains("finished"))
        let plot = try await Tool.run(["plot", "/etc/passwd", "-o", "-"])
        #expect(plot.status == 65)
        #expect(plot.output.isEmpty)
        #expect(plot.error.contains("no NMEA 0183 sentences"))
    }

    @Test func aMalformedGPXIsInvalidInputNotANetworkFailure() async throws {
        let bad = try TemporaryFile(
            "<?xml version=\"1.0\"?>\n<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></gpx>", suffix: ".gpx")
        let watch = try await Tool.run(["--provider", "gpx:\(bad.url.path)", "--format", "text"])
        #expect(watch.status == 65)
        #expect(watch.error.contains("error: invalid input from gpx:\(bad.url.path): line 2: XML is not well-formed"))
        let plot = try await Tool.run(["plot", bad.url.path, "-o", "-"])
        #expect(plot.status == 65)
        // Worded as the replay's line (it said `invalid input: PATH:2: error: …`, "error:" twice).
        #expect(
            plot.error.hasPrefix(
                "corelocation: error: invalid input from \(bad.url.path): line 2: XML is not well-formed"))
        let replayPlot = try await Tool.run(["plot", "--replay", bad.url.path, "-o", "-"])
        #expect(replayPlot.status == 65)
        #expect(replayPlot.error == plot.error, "\(replayPlot.error)")
        // In JSON Lines: the tool's documented code, not CoreLocation's "network".
        let json = try await Tool.run(["--provider", "gpx:\(bad.url.path)", "--format", "jsonl"])
        #expect(json.status == 65)
        let object = try #require(try json.jsonObjects().first)
        #expect(object["type"] as? String == "error")
        #expect(object["code"] as? String == "invalidInput")
        #expect(object["domain"] as? String == "corelocation")
        #expect(object["rawValue"] as? Int == 65)
        #expect((object["message"] as? String)?.hasPrefix("\(bad.url.path):2: error: XML is not well-formed") == true)
    }

    @Test func noErrorLineIsAnUnreadableNSError() async throws {
        let heading = try await Tool.run(["heading", "--provider", "nmea+tcp://127.0.0.1:1", "--format", "text"])
        #expect(heading.status == 3)
        #expect(
            heading.error.contains(
                "nmea+tcp://127.0.0.1:1 does not measure heading; if the receiver sends HDT, HDG or THS, declare it "
                    + "with ?heading: --provider \"nmea+tcp://127.0.0.1:1?heading\""))
        for run in [heading, try await Tool.run(["record", "/nonexistent-dir/x.gpx", "--provider", "sample:"])] {
            #expect(!run.error.contains("Error Domain"))
            #expect(!run.error.contains("(null)"))
        }
    }
}
