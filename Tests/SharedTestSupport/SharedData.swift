import Foundation
import Testing

/// The real receiver logs and GPX files in `../shared/data/<folder>` next to the package root, under the
/// project's rule: a test that needs them is skipped with a printed reason when they are absent, and fails
/// instead when `CORELOCATION_REQUIRE_INTEGRATION=1` (as `.ci/run` sets).
///
/// A folder counts as present when it holds its `README.md` (every shared folder says where its data came
/// from). Shared by every test target, so the rule is written once.
public enum SharedData {
    /// Whether `CORELOCATION_REQUIRE_INTEGRATION=1` turns a missing folder into a failure.
    public static var isIntegrationRequired: Bool {
        ProcessInfo.processInfo.environment["CORELOCATION_REQUIRE_INTEGRATION"] == "1"
    }

    /// `<package root>/../shared/data/<folder>`, present or not; the root is the nearest ancestor of this
    /// file that holds `Package.swift`.
    public static func directory(_ folder: String) -> URL {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/",
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
        {
            root.deleteLastPathComponent()
        }
        return root.deletingLastPathComponent().appendingPathComponent("shared/data/\(folder)")
    }

    /// Whether the folder is there (it holds its `README.md`).
    public static func isPresent(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: directory(folder).appendingPathComponent("README.md").path)
    }

    /// For `.enabled(if:)`: run when the folder is present, or when it is required (so that the test fails).
    public static func shouldRun(_ folder: String) -> Bool { isPresent(folder) || isIntegrationRequired }

    /// For `.enabled(if:_:)`: why a test is skipped when the folder is absent.
    public static func skipReason(_ folder: String) -> Comment {
        "../shared/data/\(folder) is absent; set CORELOCATION_REQUIRE_INTEGRATION=1 to fail instead"
    }

    /// The folder, or `nil` after printing why it is skipped — or after recording a failure when integration
    /// is required.
    public static func folder(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        if isPresent(folder) { return directory(folder) }
        let reason = "../shared/data/\(folder) is absent"
        if isIntegrationRequired {
            Issue.record("\(reason) and CORELOCATION_REQUIRE_INTEGRATION=1", sourceLocation: sourceLocation)
        } else {
            print("SKIPPED: \(reason)")
        }
        return nil
    }

    /// The folder; when it is absent, cancels the running test as skipped, or fails it when integration is
    /// required.
    ///
    /// - Throws: What ``unavailable(_:sourceLocation:)`` throws.
    public static func requiredFolder(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> URL
    {
        guard isPresent(folder) else {
            try unavailable("../shared/data/\(folder) is absent", sourceLocation: sourceLocation)
        }
        return directory(folder)
    }

    /// Skips the running test with `reason` printed, or fails it when integration is required.
    ///
    /// - Throws: The cancellation that marks the test skipped, or ``Required`` after recording the failure.
    public static func unavailable(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Never
    {
        if isIntegrationRequired {
            Issue.record("\(reason) but CORELOCATION_REQUIRE_INTEGRATION=1", sourceLocation: sourceLocation)
            throw Required(reason: reason)
        }
        print("SKIPPED: \(reason)")
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// Thrown by ``unavailable(_:sourceLocation:)`` to end a test whose missing input was required.
    public struct Required: Error {
        /// What was missing.
        public let reason: String
    }

    /// The JSON lines of a gpsd `.chk` file (gpsd's expected output), without the NMEA lines it echoes.
    ///
    /// - Throws: The file's read error.
    public static func jsonLines(of chk: URL) throws -> [String] {
        try String(contentsOf: chk, encoding: .utf8)
            .split(whereSeparator: \.isNewline)
            .map(String.init)
            .filter { $0.hasPrefix("{") }
    }
}
