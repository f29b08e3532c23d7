import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Replays every gpsd regression log (../shared/data/gpsd-logs and gpsd-suite, enumerated) with
/// `nmea:LOG?speed=max` through a real `CLLocationManager` and compares each gpsd epoch with the delivered
/// locations (``GpsdComparison``'s tolerances), against the per-log expectations of ``GpsdSuiteExpectations``.
///
/// Speed and course are compared as delivered, derived ones included (``NMEADerivedMotion``).
@Suite struct NMEAProviderConformanceTests {
    @Test(GpsdRegressionLog.needsFolders) func everyLogOfTheSuite() throws {
        let logs = GpsdRegressionLog.required()
        var report = GpsdSuiteReport(comparesDerivedMotion: true)
        for log in logs {
            let provider = try NMEAProviderFactory.make(LocationProviderURI("nmea:\(log.url.path)?speed=max"))
            let (collector, finished) = playThroughManager(provider)
            #expect(finished, "\(log.name) did not finish")
            let ours = collector.locations.map { location in
                ObservedFix(
                    time: location.timestamp, latitude: location.coordinate.latitude,
                    longitude: location.coordinate.longitude,
                    // A location without altitude has 0 with an invalid vertical accuracy.
                    altitudeMSL: location.altitude == 0 && location.verticalAccuracy < 0 ? nil : location.altitude,
                    speed: location.speed < 0 ? nil : location.speed,
                    course: location.course < 0 ? nil : location.course)
            }
            let comparison = GpsdComparison(ours: ours, gpsd: try log.epochs())
            print(
                "provider " + GpsdSuiteReport.line(comparison, of: log)
                    + "; locations delivered \(collector.locations.count), errors \(collector.errors.count)")
            for detail in comparison.details { print("  \(detail)") }
            for problem in report.add(comparison, of: log) { Issue.record(Comment(rawValue: problem)) }
            #expect(collector.locations.allSatisfy { $0.sourceInformation?.isSimulatedBySoftware == true })
            #expect(collector.locations.allSatisfy { $0.horizontalAccuracy > 0 })
            if comparison.expected == 0 {
                #expect(collector.locations.isEmpty, "\(log.name): gpsd has no fix, we delivered some")
            }
        }
        print(report.summary(layer: "provider"))
    }

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func neverAFixLogReportsTheLossOnceAndNoLocation() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let path = directory.appendingPathComponent("ublox-lea-5q.log").path
        let (collector, finished) = playThroughManager(
            try NMEAProviderFactory.make(LocationProviderURI("nmea:\(path)?speed=max")))
        #expect(finished)
        #expect(collector.locations.isEmpty)
        #expect(collector.errors == [.locationUnknown])
    }

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func headingLogDeliversHeadingsThroughTheManager() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let path = directory.appendingPathComponent("hemi.log").path
        let provider = try NMEAProviderFactory.make(LocationProviderURI("nmea:\(path)?speed=max"))
        #expect(provider.capabilities.contains(.heading))
        let (collector, finished) = playThroughManager(provider, headings: true)
        #expect(finished)
        // gpsd's ATT reports of the same log: one per valid $GPHDT (the others have an empty heading).
        let gpsdHeadings = try String(contentsOfFile: path + ".chk", encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { $0.contains("\"class\":\"ATT\"") }
            .compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["heading"] as? Double
            }
        print("provider headings hemi: \(collector.headings.map(\.trueHeading)), gpsd ATT \(gpsdHeadings)")
        #expect(gpsdHeadings.count == 4)
        #expect(collector.headings.map(\.trueHeading) == gpsdHeadings)
        #expect(collector.headings.allSatisfy { $0.magneticHeading == -1 && $0.headingAccuracy == -1 })
        // Each heading is stamped with the time of the epoch it arrived in, within the log's span.
        let times = collector.locations.map(\.timestamp)
        #expect(
            collector.headings.allSatisfy { heading in
                times.contains { abs($0.timeIntervalSince(heading.timestamp)) < 2 }
            })
    }
}
