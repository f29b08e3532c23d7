import Foundation
import GPSD
import SharedTestSupport
import Testing

/// The client against Debian's real gpsd, fed by gpsfake from a shared receiver log.
///
/// Skips with a printed reason when gpsfake or ../shared is missing; fails instead when
/// CORELOCATION_REQUIRE_INTEGRATION=1. gpsd 3.22 moves dates before 2017 forward by 1024 weeks,
/// so times are compared with and without that shift.
@Suite struct GpsfakeIntegrationTests {
    static let weekRollover: TimeInterval = 1024 * 7 * 86_400
    static let gpsd317Epoch = Date(timeIntervalSince1970: 1_483_228_800)  // 2017-01-01

    private static func sameTime(_ received: Date?, _ expected: Date?) -> Bool {
        guard let received, let expected else { return received == nil && expected == nil }
        if received == expected { return true }
        return expected < gpsd317Epoch && received == expected.addingTimeInterval(weekRollover)
    }

    private static func matches(_ received: GPSDTPV, _ expected: GPSDTPV) -> Bool {
        guard let lat = received.latitude, let lon = received.longitude,
            let expectedLat = expected.latitude, let expectedLon = expected.longitude
        else { return false }
        return abs(lat - expectedLat) <= 1e-7 && abs(lon - expectedLon) <= 1e-7 && received.mode == expected.mode
            && sameTime(received.time, expected.time)
    }

    @Test(
        Integration.needs(.sharedData("gpsd-logs"), .program("gpsfake", package: "gpsd gpsd-clients")),
        arguments: ["gr8013-w", "skytraq-PX1172RH_DS"])
    func realGpsdStreamsTheLogsFixes(log: String) async throws {
        guard let executable = Gpsfake.executable else {
            return Integration.recordMissing(.program("gpsfake", package: "gpsd gpsd-clients"))
        }
        let directory = try SharedData.requiredFolder("gpsd-logs")
        let expected = try SharedData.jsonLines(of: directory.appendingPathComponent("\(log).log.chk"))
            .map { try GPSDDecoder.decode($0) }
        let expectedTPVs = expected.compactMap { if case .tpv(let tpv) = $0, tpv.latitude != nil { tpv } else { nil } }
        let expectedHeadings = Set(expected.compactMap { if case .attitude(let att) = $0 { att.heading } else { nil } })
        let finalTPV = try #require(expectedTPVs.last)

        for attempt in 1...3 {
            // A port that was free a moment ago: bind port 0, read it, release it.
            guard case .tcp(_, let port) = try FakeGPSD().endpoint else { return }
            let gpsfake = try Gpsfake(
                executable: executable,
                arguments: [
                    "-P", String(port), "-1", "-q", "-n", "-c", "0.05", "-W", "1",
                    directory.appendingPathComponent("\(log).log").path,
                ])
            defer {
                gpsfake.stop()
                #expect(gpsfake.survivors.isEmpty, "gpsfake process group left running")
            }
            let recorder = EventRecorder()
            // Poll every 50 ms until gpsfake's gpsd listens, so the start of the log is not missed.
            let configuration = GPSDClientConfiguration(
                endpoint: .tcp(host: "127.0.0.1", port: port),
                backoff: GPSDBackoffPolicy(initialDelay: 0.05, multiplier: 1, maximumDelay: 0.05))
            let client = GPSDClient(configuration: configuration) { recorder.record($0) }
            client.start()
            defer { client.stop() }

            let ended = await offThePool {
                recorder.wait(timeout: 60) { _ in
                    recorder.tpvs.contains { Self.matches($0, finalTPV) } || gpsfake.hasPlayedLog
                }
            }
            let sawFinalFix = ended && recorder.tpvs.contains { Self.matches($0, finalTPV) }
            client.stop()
            // A loaded machine (the sanitizer runs, two cores) can hold the client back until gpsfake has played the
            // whole log and given up: such a run shows nothing of the client, so the log is played again.
            if recorder.tpvs.isEmpty, gpsfake.hasPlayedLog, attempt < 3 {
                print("[\(log)] run \(attempt): gpsfake ended before any TPV arrived; playing the log again")
                continue
            }
            if !sawFinalFix {
                let kinds = recorder.all.prefix(40).map { String(describing: $0).prefix(120) }
                print(
                    "[\(log)] gpsfake output:\n\(gpsfake.output)\n[\(log)] statistics: \(client.statistics)\n[\(log)] events:\n"
                        + kinds.joined(separator: "\n"))
            }
            #expect(sawFinalFix, "the log's last fix never arrived")

            let versions = recorder.all.compactMap { if case .version(let version) = $0 { version } else { nil } }
            #expect(versions.first?.protocolMajor == 3)
            let positioned = recorder.tpvs.filter { $0.latitude != nil }
            #expect(positioned.count >= 2)
            for tpv in positioned {
                #expect(expectedTPVs.contains { Self.matches(tpv, $0) }, "TPV not in \(log).log.chk: \(tpv)")
            }
            let headings = recorder.all.compactMap {
                if case .report(.attitude(let att)) = $0 { att.heading } else { nil }
            }
            #expect(headings.allSatisfy { expectedHeadings.contains($0) })
            #expect(headings.isEmpty == expectedHeadings.isEmpty)
            #expect(recorder.protocolErrors.isEmpty)
            return
        }
    }
}
