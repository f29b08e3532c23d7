import Foundation
import Testing

/// One of gpsd's NMEA regression logs in `../shared/data/gpsd-logs` or `../shared/data/gpsd-suite`, with gpsd's
/// expected output beside it (`NAME.log.chk`).
///
/// The folders are enumerated, so logs added to them are picked up; ``GpsdSuiteExpectations`` says what each
/// known log is expected to give.
public struct GpsdRegressionLog: Sendable, Hashable, CustomStringConvertible {
    /// The shared folders that hold gpsd regression logs.
    public static let folders = ["gpsd-logs", "gpsd-suite"]

    /// The log's name, without `.log` (`april6_2019`).
    public let name: String
    /// The log file.
    public let url: URL

    /// gpsd's output for the log.
    public var checkURL: URL { url.appendingPathExtension("chk") }

    /// The name.
    public var description: String { name }

    /// Every `NAME.log` with a `NAME.log.chk` in the present folders, sorted by name; empty for absent folders.
    public static var all: [GpsdRegressionLog] {
        folders.filter(SharedData.isPresent).flatMap { folder -> [GpsdRegressionLog] in
            let directory = SharedData.directory(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".log") && names.contains($0 + ".chk") }.map {
                GpsdRegressionLog(name: String($0.dropLast(4)), url: directory.appendingPathComponent($0))
            }
        }
        .sorted { $0.name < $1.name }
    }

    /// The trait of a test over every log: skipped unless both folders are present or integration is required.
    public static var needsFolders: ConditionTrait {
        Integration.needs(.sharedData("gpsd-logs"), .sharedData("gpsd-suite"))
    }

    /// Every log (``all``), for a test with the trait ``needsFolders``: a folder absent all the same (integration is
    /// required) is recorded as a failure (``SharedData/folder(_:sourceLocation:)``).
    public static func required(sourceLocation: SourceLocation = #_sourceLocation) -> [GpsdRegressionLog] {
        for folder in folders { _ = SharedData.folder(folder, sourceLocation: sourceLocation) }
        return all
    }

    /// gpsd's fixed epochs: for each distinct time of a TPV with mode ≥ 2, a position and a time, the last such
    /// TPV (gpsd reports an epoch several times as its sentences arrive; the last report is its final word).
    ///
    /// TPVs without a time (gpsd had no date yet) are left out: they cannot be matched by time.
    ///
    /// - Throws: The `.chk`'s read error, or a JSON error for a malformed report.
    public func epochs() throws -> [GpsdEpoch] {
        var byTime: [Int64: GpsdEpoch] = [:]
        var order: [Int64] = []
        for line in try SharedData.jsonLines(of: checkURL) {
            guard let epoch = try GpsdEpoch(tpv: line) else { continue }
            if byTime[epoch.milliseconds] == nil { order.append(epoch.milliseconds) }
            byTime[epoch.milliseconds] = epoch
        }
        return order.compactMap { byTime[$0] }
    }
}

/// One epoch as gpsd reported it: a TPV with mode ≥ 2.
public struct GpsdEpoch: Sendable, Hashable {
    /// The TPV's time, milliseconds since 1970 (UTC).
    public var milliseconds: Int64
    /// The TPV's time as gpsd wrote it.
    public var time: String
    /// Degrees.
    public var latitude, longitude: Double
    /// `altMSL`, metres; nil when gpsd gave none.
    public var altitudeMSL: Double?
    /// `speed`, m/s; nil when gpsd gave none.
    public var speed: Double?
    /// `track`, degrees true; nil when gpsd gave none.
    public var track: Double?

    /// The epoch of one `.chk` JSON line; nil for anything but a TPV with mode ≥ 2, a position and a time.
    ///
    /// - Throws: A JSON error for a line that is not JSON.
    init?(tpv line: String) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
            let latitude = object["lat"] as? Double, let longitude = object["lon"] as? Double,
            let time = object["time"] as? String, let date = Self.parse(time)
        else { return nil }
        milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        altitudeMSL = object["altMSL"] as? Double
        speed = object["speed"] as? Double
        track = object["track"] as? Double
    }

    private static func parse(_ time: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: time)
    }
}
