import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// One epoch as gpsd reported it: its last TPV with mode ≥ 2 for a given time (read from the `.chk`).
private struct GpsdEpoch {
    var milliseconds: Int64
    var time: String
    var latitude, longitude: Double
    var altitudeMSL, speed, track: Double?

    /// The distinct times of the TPVs with mode ≥ 2 and a time, in order, each with its last TPV.
    static func read(chk: String) throws -> [GpsdEpoch] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var byTime: [Int64: GpsdEpoch] = [:]
        var order: [Int64] = []
        for line in chk.split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
                let latitude = object["lat"] as? Double, let longitude = object["lon"] as? Double,
                let time = object["time"] as? String, let date = formatter.date(from: time)
            else { continue }
            let key = Int64((date.timeIntervalSince1970 * 1000).rounded())
            if byTime[key] == nil { order.append(key) }
            byTime[key] = GpsdEpoch(
                milliseconds: key, time: time, latitude: latitude, longitude: longitude,
                altitudeMSL: object["altMSL"] as? Double, speed: object["speed"] as? Double,
                track: object["track"] as? Double)
        }
        return order.compactMap { byTime[$0] }
    }
}

/// Why one of gpsd's epochs differs from the location the manager delivered.
enum ProviderDivergence: String, Comparable {
    case missingFix, rolloverCorrected, latitude, longitude, altitudeMSL, speed, course
    case speedOnlyInGpsd, courseOnlyInGpsd, altitudeOnlyInGpsd
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Compares the delivered locations with gpsd's epochs: time to the millisecond, lat/lon within 1e-7°,
/// altitude MSL within 1 mm, speed within 1 mm/s, course within 0.01°.
private func compare(_ locations: [CLLocation], with epochs: [GpsdEpoch]) -> (
    matched: Int, divergences: [ProviderDivergence: Int], details: [String]
) {
    var ours: [Int64: CLLocation] = [:]
    for location in locations { ours[Int64((location.timestamp.timeIntervalSince1970 * 1000).rounded())] = location }
    let rollover: Int64 = 1024 * 7 * 86_400 * 1000
    var matched = 0
    var divergences: [ProviderDivergence: Int] = [:]
    var details: [String] = []
    for epoch in epochs {
        var found: [ProviderDivergence] = []
        if let location = ours[epoch.milliseconds] {
            if abs(location.coordinate.latitude - epoch.latitude) > 1e-7 { found.append(.latitude) }
            if abs(location.coordinate.longitude - epoch.longitude) > 1e-7 { found.append(.longitude) }
            if let altitude = epoch.altitudeMSL, abs(location.altitude - altitude) > 0.001 {
                found.append(
                    location.altitude == 0 && location.verticalAccuracy < 0 ? .altitudeOnlyInGpsd : .altitudeMSL)
            }
            if let speed = epoch.speed {
                if location.speed < 0 {
                    found.append(.speedOnlyInGpsd)
                } else if abs(location.speed - speed) > 0.001 {
                    found.append(.speed)
                }
            }
            if let track = epoch.track {
                let difference = abs(location.course - track).truncatingRemainder(dividingBy: 360)
                if location.course < 0 {
                    found.append(.courseOnlyInGpsd)
                } else if min(difference, 360 - difference) > 0.01 {
                    found.append(.course)
                }
            }
            if found.isEmpty { matched += 1 }
        } else if let location = ours[epoch.milliseconds + rollover],
            abs(location.coordinate.latitude - epoch.latitude) <= 1e-7,
            abs(location.coordinate.longitude - epoch.longitude) <= 1e-7
        {
            found.append(.rolloverCorrected)
        } else {
            found.append(.missingFix)
        }
        for divergence in found { divergences[divergence, default: 0] += 1 }
        if !found.isEmpty { details.append("\(epoch.time): \(found.map(\.rawValue))") }
    }
    return (matched, divergences, details)
}

/// Replays every gpsd regression log with `nmea:LOG?speed=max` through a real `CLLocationManager` and compares
/// each delivered location with gpsd's TPVs.
///
/// The divergences are those of the NMEA0183 module's own conformance
/// test (see Docs/NMEA0183.md): the provider adds none.
@Suite struct NMEAProviderConformanceTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var log: String
        /// Distinct times of gpsd TPVs with mode ≥ 2 (counted in the .chk, not from our output).
        var epochs: Int
        var divergences: [ProviderDivergence: Int] = [:]
        var testDescription: String { log }
    }

    static let expectations: [Expectation] = [
        // The Telit's RMC says 1999-08-22 (week rollover); gpsd keeps it, we deliver 2019-04-07.
        Expectation(log: "april6_2019", epochs: 1, divergences: [.rolloverCorrected: 1]),
        Expectation(log: "beidou-bd", epochs: 4),
        Expectation(log: "bt451", epochs: 12),
        Expectation(log: "bu353-glonass", epochs: 9),
        Expectation(log: "firefly-II", epochs: 23),
        Expectation(log: "furuno_gl_ga", epochs: 16),
        Expectation(log: "garmin-10x", epochs: 9),
        Expectation(log: "gpsdf", epochs: 51),
        Expectation(log: "gr8013-w", epochs: 3),
        Expectation(log: "hemi", epochs: 6),
        // gpsd derives speeds from successive positions in 5 GGA/GLL-only epochs (ours −1, the receiver sent
        // none) and keeps its derived 2.256 m/s at 19:41:02 where the VTG says 5.2 kn = 2.675 m/s.
        Expectation(log: "humminbird-M37", epochs: 22, divergences: [.speedOnlyInGpsd: 5, .speed: 1]),
        Expectation(log: "nmea-rtk", epochs: 122),
        Expectation(log: "skytraq-PX1172RH_DS", epochs: 9),
        Expectation(log: "telit-pls83-w", epochs: 10),
        // 03:01:30 is GLL-only (its GGA is cut short): gpsd's speed is derived, ours −1.
        Expectation(log: "triton400", epochs: 5, divergences: [.speedOnlyInGpsd: 1]),
        // Never a fix.
        Expectation(log: "ublox-lea-5q", epochs: 0),
    ]

    @Test(arguments: expectations) func log(_ expectation: Expectation) throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let path = directory.appendingPathComponent(expectation.log + ".log").path
        let provider = try NMEAProviderFactory.make(LocationProviderURI("nmea:\(path)?speed=max"))
        let (collector, finished) = playThroughManager(provider)
        #expect(finished)
        let chk = try String(contentsOf: URL(fileURLWithPath: path + ".chk"), encoding: .utf8)
        let epochs = try GpsdEpoch.read(chk: chk)
        let result = compare(collector.locations, with: epochs)
        print(
            """
            provider conformance \(expectation.log): \(result.matched)/\(epochs.count) epochs matched, \
            divergences \(result.divergences.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }), \
            locations delivered \(collector.locations.count), errors \(collector.errors.count)
            """)
        for detail in result.details { print("  \(detail)") }
        #expect(epochs.count == expectation.epochs)
        #expect(result.divergences == expectation.divergences)
        #expect(result.matched == expectation.epochs - expectation.divergences.values.reduce(0, +))
        #expect(collector.locations.allSatisfy { $0.sourceInformation?.isSimulatedBySoftware == true })
        #expect(collector.locations.allSatisfy { $0.horizontalAccuracy > 0 })
    }

    @Test func neverAFixLogReportsTheLossOnceAndNoLocation() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let path = directory.appendingPathComponent("ublox-lea-5q.log").path
        let (collector, finished) = playThroughManager(
            try NMEAProviderFactory.make(LocationProviderURI("nmea:\(path)?speed=max")))
        #expect(finished)
        #expect(collector.locations.isEmpty)
        #expect(collector.errors == [.locationUnknown])
    }

    @Test func headingLogDeliversHeadingsThroughTheManager() throws {
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
