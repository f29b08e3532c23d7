import Foundation
import SharedTestSupport
import Testing

/// `corelocation watch --provider "nmea:LOG?speed=max" --format jsonl` as a decoder of the gpsd regression logs:
/// every fixed epoch gpsd reports (a TPV with mode ≥ 2 in the `.chk`) is in the output with the same time to the
/// millisecond and the same position within 1e-7°.
@Suite struct LogDecodingTests {
    static let logs = [
        "april6_2019", "beidou-bd", "bt451", "bu353-glonass", "firefly-II", "furuno_gl_ga", "garmin-10x", "gpsdf",
        "gr8013-w", "hemi", "humminbird-M37", "nmea-rtk", "skytraq-PX1172RH_DS", "telit-pls83-w", "triton400",
        "ublox-lea-5q",
    ]

    /// Where gpsd's date is wrong and ours is right: april6_2019's receiver has the GPS week-rollover bug and
    /// gpsd keeps its 1999 date (see Docs/NMEA0183.md); we give 2019-04-07 for the same position.
    static let rolloverLogs: Set<String> = ["april6_2019"]

    @Test(arguments: logs)
    func everyFixedEpochOfGpsdIsInTheOutput(_ name: String) async throws {
        guard let folder = SharedData.folder("gpsd-logs") else { return }
        let log = folder.appendingPathComponent("\(name).log")
        let run = try await Tool.run(["watch", "--provider", "nmea:\(log.path)?speed=max", "--format", "jsonl"])
        #expect(run.status == 0)
        let fixes = try run.jsonObjects().filter { $0["type"] as? String == "location" }
        // Times can repeat: humminbird-M37's receiver goes back 13 seconds and replays them.
        let byTime = Dictionary(grouping: fixes) { $0["timestamp"] as? String ?? "" }
        let expected = try String(contentsOf: folder.appendingPathComponent("\(name).log.chk"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{\"class\":\"TPV\"") }
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { ($0["mode"] as? Int ?? 0) >= 2 && $0["lat"] != nil && $0["time"] != nil }
        var matched = 0
        for tpv in expected {
            // gpsd writes 0 to 3 fraction digits; the tool always 3.
            let time = (tpv["time"] as? String ?? "").replacingOccurrences(of: "Z", with: "")
            let parts = time.split(separator: ".", maxSplits: 1)
            let fraction = parts.count > 1 ? String(parts[1].prefix(3)) : ""
            let key = "\(parts.first ?? "")." + fraction.padding(toLength: 3, withPad: "0", startingAt: 0) + "Z"
            let candidates = Self.rolloverLogs.contains(name) ? fixes : byTime[key] ?? []
            if candidates.contains(where: {
                abs(($0["latitude"] as? Double ?? 0) - (tpv["lat"] as? Double ?? 0)) <= 1e-7
                    && abs(($0["longitude"] as? Double ?? 0) - (tpv["lon"] as? Double ?? 0)) <= 1e-7
            }) {
                matched += 1
            }
        }
        print("\(name): \(matched)/\(expected.count) fixed epochs of gpsd in the JSON Lines output")
        #expect(matched == expected.count)
    }
}
