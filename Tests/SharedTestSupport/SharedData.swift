import Foundation
import Testing

/// The real receiver logs and GPX files in `../shared/data/<folder>` next to the package root, under the
/// project's rule (``Integration``): a test that needs them has the trait `Integration.needs(.sharedData(folder))`,
/// which skips it when they are absent, and runs it to fail instead when `CORELOCATION_REQUIRE_INTEGRATION=1` (as
/// `.ci/run` sets).
///
/// A folder counts as present when it holds its `README.md` (every shared folder says where its data came
/// from). Shared by every test target, so the rule is written once.
public enum SharedData {
    /// Whether `CORELOCATION_REQUIRE_INTEGRATION=1` turns a missing folder into a failure.
    public static var isIntegrationRequired: Bool { Integration.isRequired }

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

    /// The folder, for a test that has the trait `Integration.needs(.sharedData(folder))`; when it is absent all
    /// the same (integration is required), `nil` after recording the failure.
    public static func folder(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        if isPresent(folder) { return directory(folder) }
        Integration.recordMissing(.sharedData(folder), sourceLocation: sourceLocation)
        return nil
    }

    /// The folder, for a test that has the trait `Integration.needs(.sharedData(folder))`.
    ///
    /// - Throws: ``Integration/Missing`` after recording the failure, when the folder is absent all the same.
    public static func requiredFolder(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> URL
    {
        guard let url = Self.folder(folder, sourceLocation: sourceLocation) else {
            throw Integration.Missing(reason: "../shared/data/\(folder) is absent")
        }
        return url
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
