import Foundation
import Testing

/// Locates the shared real-world GPX files (`../shared/data/gpx` next to the package root).
enum SharedGPXData {
    /// `<package root>/../shared/data/gpx`, the package root found by walking up from this file.
    static let directory: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            url.deleteLastPathComponent()
        }
        return url.deletingLastPathComponent().appendingPathComponent("shared/data/gpx")
    }()

    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// Whether CORELOCATION_REQUIRE_INTEGRATION=1 demands the data (tests then fail when absent).
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CORELOCATION_REQUIRE_INTEGRATION"] == "1" }

    /// Run the tests when the data is present, or when it is required (so that they fail).
    static var shouldRun: Bool { isPresent || isRequired }

    static let skipReason: Comment =
        "../shared/data/gpx is absent; set CORELOCATION_REQUIRE_INTEGRATION=1 to fail instead"

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
}
