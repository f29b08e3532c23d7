import Foundation
import SharedTestSupport
import Testing

/// `corelocation watch --provider "nmea:LOG?speed=max" --format jsonl` as a decoder of every gpsd regression log
/// (../shared/data/gpsd-logs and gpsd-suite, enumerated): each gpsd epoch is compared with the output's locations
/// (``GpsdComparison``'s tolerances) against the per-log expectations of ``GpsdSuiteExpectations`` — the same as
/// the provider's, since the tool only rounds (8 decimals of a degree, millimetres, thousandths of a degree).
@Suite struct LogDecodingTests {
    @Test(GpsdRegressionLog.needsFolders) func everyLogOfTheSuite() async throws {
        let logs = GpsdRegressionLog.required()
        var report = GpsdSuiteReport(comparesDerivedMotion: true)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for log in logs {
            let run = try await Tool.run(["watch", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "jsonl"])
            #expect(run.status == 0, "\(log.name): exit status \(run.status), \(run.error)")
            let locations = try run.jsonObjects().filter { $0["type"] as? String == "location" }
            let ours = try locations.map { object in
                let timestamp = try #require(formatter.date(from: object["timestamp"] as? String ?? ""))
                func value(_ key: String) -> Double? { (object[key] as? Double).flatMap { $0 < 0 ? nil : $0 } }
                let altitude = object["altitude"] as? Double ?? 0
                let noAltitude = altitude == 0 && (object["verticalAccuracy"] as? Double ?? -1) < 0
                return ObservedFix(
                    time: timestamp, latitude: object["latitude"] as? Double ?? .nan,
                    longitude: object["longitude"] as? Double ?? .nan, altitudeMSL: noAltitude ? nil : altitude,
                    speed: value("speed"), course: value("course"))
            }
            let comparison = GpsdComparison(ours: ours, gpsd: try log.epochs())
            print("tool " + GpsdSuiteReport.line(comparison, of: log))
            for detail in comparison.details { print("  \(detail)") }
            for problem in report.add(comparison, of: log) { Issue.record(Comment(rawValue: problem)) }
            if comparison.expected == 0 {
                #expect(locations.isEmpty, "\(log.name): gpsd has no fix, the tool wrote some")
            }
        }
        print(report.summary(layer: "tool"))
    }
}
