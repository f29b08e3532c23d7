import Foundation

@testable import NMEA0183

/// One epoch as gpsd reported it: the last TPV with mode ≥ 2 for a given time.
struct GpsdEpoch {
    var milliseconds: Int64
    var time: String
    var latitude: Double
    var longitude: Double
    var altitudeMSL: Double?
    var speed: Double?
    var track: Double?
}

/// Why one of gpsd's epochs is not matched exactly by our fixes.
enum Divergence: String, CaseIterable, Comparable {
    /// We emitted no fix with that time.
    case missingFix
    /// Our fix is exactly 1024 weeks later with the same position: gpsd kept a week-rollover date, we repaired it.
    case rolloverCorrected
    case latitude, longitude, altitudeMSL, speed, track
    /// gpsd reports a value we do not have (e.g. speed it derived from successive positions).
    case speedOnlyInGpsd, trackOnlyInGpsd, altitudeOnlyInGpsd
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

struct ConformanceReport {
    var expected = 0
    var matched = 0
    /// TPVs with mode ≥ 2 but no time (gpsd had no date yet): not comparable by time.
    var untimed: [(latitude: Double, longitude: Double)] = []
    /// Untimed TPVs whose position equals one of our fixes.
    var untimedMatchedByPosition = 0
    /// Times of our fixes that gpsd reported with mode < 2 or not at all.
    var extraFixes: [String] = []
    var divergences: [Divergence: Int] = [:]
    var details: [String] = []
}

enum GpsdConformance {
    static func expectedEpochs(chk: String) throws -> (
        epochs: [GpsdEpoch], untimed: [(latitude: Double, longitude: Double)]
    ) {
        var byTime: [Int64: GpsdEpoch] = [:]
        var order: [Int64] = []
        var untimed: [(latitude: Double, longitude: Double)] = []
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for line in chk.split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
                let latitude = object["lat"] as? Double, let longitude = object["lon"] as? Double
            else { continue }
            guard let time = object["time"] as? String, let date = formatter.date(from: time) else {
                untimed.append((latitude, longitude))
                continue
            }
            let key = Int64((date.timeIntervalSince1970 * 1000).rounded())
            if byTime[key] == nil { order.append(key) }
            byTime[key] = GpsdEpoch(
                milliseconds: key, time: time, latitude: latitude, longitude: longitude,
                altitudeMSL: object["altMSL"] as? Double, speed: object["speed"] as? Double,
                track: object["track"] as? Double)
        }
        return (order.compactMap { byTime[$0] }, untimed)
    }

    static func decode(log: Data) -> (fixes: [NMEAFix], statistics: NMEAStatistics) {
        var options = NMEADecoderOptions()
        options.reportsSentences = false
        var decoder = NMEADecoder(options: options)
        let fixes = (decoder.feed(log) + decoder.finish()).compactMap { event in
            if case .fix(let fix) = event { fix } else { nil }
        }
        return (fixes, decoder.statistics)
    }

    static func compare(chk: String, fixes: [NMEAFix]) throws -> ConformanceReport {
        let (epochs, untimed) = try expectedEpochs(chk: chk)
        var ours: [Int64: NMEAFix] = [:]
        for fix in fixes {
            guard let timestamp = fix.timestamp else { continue }
            ours[Int64((timestamp.timeIntervalSince1970 * 1000).rounded())] = fix
        }
        var report = ConformanceReport(expected: epochs.count, untimed: untimed)
        for epoch in epochs {
            var found: [Divergence] = []
            if let fix = ours[epoch.milliseconds] {
                if abs(fix.latitude - epoch.latitude) > 1e-7 { found.append(.latitude) }
                if abs(fix.longitude - epoch.longitude) > 1e-7 { found.append(.longitude) }
                found += difference(epoch.altitudeMSL, fix.altitudeMSL, 0.001, .altitudeMSL, .altitudeOnlyInGpsd)
                found += difference(epoch.speed, fix.speed, 0.001, .speed, .speedOnlyInGpsd)
                found += difference(epoch.track, fix.course, 0.01, .track, .trackOnlyInGpsd)
                if found.isEmpty {
                    report.matched += 1
                } else {
                    report.details.append(
                        "\(epoch.time): \(found.map(\.rawValue)) gpsd \(epoch) ours lat \(fix.latitude) lon \(fix.longitude) alt \(String(describing: fix.altitudeMSL)) speed \(String(describing: fix.speed)) course \(String(describing: fix.course))"
                    )
                }
            } else if let fix = ours[epoch.milliseconds + rolloverMilliseconds],
                abs(fix.latitude - epoch.latitude) <= 1e-7, abs(fix.longitude - epoch.longitude) <= 1e-7
            {
                found.append(.rolloverCorrected)
                report.details.append("\(epoch.time): ours is 1024 weeks later, \(String(describing: fix.timestamp))")
            } else {
                found.append(.missingFix)
                report.details.append("\(epoch.time): no fix of ours")
            }
            for divergence in found { report.divergences[divergence, default: 0] += 1 }
        }
        report.untimedMatchedByPosition =
            untimed.filter { tpv in
                fixes.contains { abs($0.latitude - tpv.latitude) <= 1e-7 && abs($0.longitude - tpv.longitude) <= 1e-7 }
            }.count
        let expectedKeys = Set(epochs.map(\.milliseconds))
        report.extraFixes = ours.keys.filter {
            !expectedKeys.contains($0) && !expectedKeys.contains($0 - rolloverMilliseconds)
        }
        .sorted().map { ours[$0].map { "\($0.timeOfDay)" } ?? "" }
        return report
    }

    static let rolloverMilliseconds: Int64 = 1024 * 7 * 86_400 * 1000

    private static func difference(
        _ gpsd: Double?, _ ours: Double?, _ tolerance: Double,
        _ mismatch: Divergence, _ onlyGpsd: Divergence
    ) -> [Divergence] {
        guard let gpsd else { return [] }
        guard let ours else { return [onlyGpsd] }
        return abs(gpsd - ours) > tolerance ? [mismatch] : []
    }
}
