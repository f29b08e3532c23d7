import Foundation
import Testing

/// Access to `../shared` (the folder next to the package root) under the project's rule:
/// skip with a printed reason when it is absent, fail when `CORELOCATION_REQUIRE_INTEGRATION=1`.
enum SharedData {
    static var integrationRequired: Bool {
        ProcessInfo.processInfo.environment["CORELOCATION_REQUIRE_INTEGRATION"] == "1"
    }

    /// The package root: the first ancestor of this file that holds `Package.swift`.
    static let packageRoot: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// `../shared/data/gpsd-logs`, or a skip (or failure when integration is required).
    static func gpsdLogs(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let directory = packageRoot?.deletingLastPathComponent()
            .appendingPathComponent("shared/data/gpsd-logs")
        guard let directory, FileManager.default.fileExists(atPath: directory.appendingPathComponent("README.md").path)
        else {
            try unavailable("../shared/data/gpsd-logs is absent", sourceLocation: sourceLocation)
        }
        return directory
    }

    /// Skips the current test with `reason`, or fails it when integration is required.
    static func unavailable(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Never {
        if integrationRequired {
            Issue.record("\(reason) but CORELOCATION_REQUIRE_INTEGRATION=1", sourceLocation: sourceLocation)
            throw SkipOrFail.required(reason)
        }
        print("SKIPPED: \(reason)")
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    enum SkipOrFail: Error {
        case required(String)
    }

    /// The JSON lines of a `.chk` file (the NMEA echo lines are dropped).
    static func jsonLines(of chk: URL) throws -> [String] {
        try String(contentsOf: chk, encoding: .utf8)
            .split(whereSeparator: \.isNewline)
            .map(String.init)
            .filter { $0.hasPrefix("{") }
    }
}
