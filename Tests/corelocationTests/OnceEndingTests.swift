import Foundation
import SharedTestSupport
import Testing

/// How `once` ends when no fix meets its level (issue 15's tester, items 4 and 10).
@Suite struct OnceEndingTests {
    /// Item 4: a replay that ends before a fix meets the level ends `once` at once with status 2, the best fix
    /// and a line saying so — with no timeout (which used to wait for ever) and with a long one.
    @Test(Integration.needs(.sharedData("gpsd-logs")), arguments: ["0", "30"])
    func aFinishedReplayEndsOnce(_ timeout: String) async throws {
        guard let logs = SharedData.folder("gpsd-logs") else { return }
        let uri = "nmea:\(logs.path)/bu353-glonass.log?speed=max"
        let run = try await Tool.run([
            "once", "--accuracy", "room", "--timeout", timeout, "--format", "jsonl", "--provider", uri,
        ])
        #expect(run.status == 2)
        #expect(
            run.error
                == "corelocation: error: \(uri) finished before a fix met the room level (≤5.0 m, ≤5.0 s old); printed the most accurate one seen\n"
        )
        let objects = try run.jsonObjects()
        #expect(objects.count == 1)
        #expect(objects.first?["horizontalAccuracy"] as? Double == 12.8)  // the log's best: HDOP 2.56
    }

    /// A fixed location whose one fix misses the level is refused with `--timeout 0` (status 64).
    ///
    /// The refusal names the variable the provider came from. Before, the request waited for ever, silently. A level
    /// the fix meets, or a timeout, still runs.
    @Test func aLevelAFixedLocationCannotMeetWithoutATimeoutIsRefused() async throws {
        let option = try await Tool.run([
            "once", "--provider", "fixed:1,2,100", "--accuracy", "house", "--timeout", "0",
        ])
        #expect(option.status == 64)
        #expect(option.output.isEmpty)
        #expect(
            option.error.hasPrefix(
                "corelocation: error: --timeout 0: the one fix of fixed:1,2,100 is ±100.0 m, which does not meet the "
                    + "house level (≤15.0 m, ≤15.0 s old), so the request would wait for ever; give --accuracy 100.0 "
                    + "or more, or a --timeout above 0\n"), "\(option.error)")
        let environment = try await Tool.run(
            ["once", "--timeout", "0"], environment: ["CORELOCATION_PROVIDER": "fixed:1,2,100.5"])
        #expect(environment.status == 64)
        #expect(
            environment.error.hasPrefix(
                "corelocation: error: --timeout 0: the one fix of fixed:1,2,100.5 (CORELOCATION_PROVIDER) is ±100.5 m, "
                    + "which does not meet the block level (≤100.0 m, ≤60.0 s old)"), "\(environment.error)")
        let met = try await Tool.run(["once", "--provider", "fixed:1,2,100", "--timeout", "0", "--format", "csv"])
        #expect(met.status == 0)
        #expect(met.lines.count == 2)  // the header and the fix
        let timed = try await Tool.run(
            ["once", "--provider", "fixed:1,2,100", "--accuracy", "house", "--timeout", "0.2", "--format", "csv"])
        #expect(timed.status == 2)
        #expect(timed.lines.count == 2)
    }

    /// Item 10: in JSON Lines, the error that ends `once` is written as an error object, as `watch` writes it.
    @Test func anErrorThatEndsOnceIsAnObjectInJSONLines() async throws {
        let input = try await Tool.run(["once", "--format", "jsonl", "--provider", "nmea:/etc/passwd"])
        #expect(input.status == 65)
        let object = try #require(try input.jsonObjects().first)
        #expect(object["type"] as? String == "error")
        #expect(object["code"] as? String == "invalidInput")
        #expect((object["message"] as? String)?.hasPrefix("/etc/passwd: error: no NMEA 0183 sentences") == true)
        let denied = try await Tool.run(
            ["once", "--format", "jsonl", "--provider", "sample:"],
            environment: ["CORELOCATION_AUTHORIZATION": "denied"])
        #expect(denied.status == 3)
        let objects = try denied.jsonObjects()
        #expect(objects.count == 1)
        #expect(objects.first?["type"] as? String == "error")
        #expect(objects.first?["code"] as? String == "denied")
        // Other formats leave it to the error line.
        let text = try await Tool.run(
            ["once", "--format", "text", "--provider", "sample:"], environment: ["CORELOCATION_AUTHORIZATION": "denied"]
        )
        #expect(text.output.isEmpty)
        #expect(text.error == "corelocation: error: location access is denied\n")
    }
}
