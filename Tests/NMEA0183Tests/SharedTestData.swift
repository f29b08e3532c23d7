import Foundation
import Testing

/// Locates `../shared/data/gpsd-logs` next to the package root (found from this file's path).
///
/// Returns nil, after printing why, when the folder is absent; records a failure instead when
/// `CORELOCATION_REQUIRE_INTEGRATION=1`.
func gpsdLogsDirectory(filePath: String = #filePath) -> URL? {
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { break }
        directory.deleteLastPathComponent()
    }
    let logs = directory.deletingLastPathComponent().appendingPathComponent("shared/data/gpsd-logs")
    if FileManager.default.fileExists(atPath: logs.appendingPathComponent("README.md").path) { return logs }
    let reason = "gpsd logs not found at \(logs.path)"
    if ProcessInfo.processInfo.environment["CORELOCATION_REQUIRE_INTEGRATION"] == "1" {
        Issue.record("\(reason) and CORELOCATION_REQUIRE_INTEGRATION=1")
    } else {
        print("SKIPPED: \(reason)")
    }
    return nil
}
