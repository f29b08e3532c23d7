import Foundation
import SharedTestSupport
import Testing

/// A system bus, GeoClue2 and its demo agent, set up by `Scripts/geoclue-test-env.sh` with a configuration that reads
/// NMEA only from a socket this process serves, and torn down (processes killed, `/etc` restored) by ``stop()``.
final class GeoClueEnvironment: Sendable {
    /// The desktop id the test configuration allows as a system application.
    static let desktopID = "org.example.LinuxCoreLocationTest"
    /// A desktop id the test configuration forbids.
    static let deniedDesktopID = desktopID + ".Denied"

    let directory: URL
    let server: NMEASocketServer
    private let script: URL

    /// The trait of the tests that set the environment up: skipped, saying why, when this machine cannot.
    static let needed = Integration.needs(requirement)

    /// What the environment needs: root, GeoClue, its demo agent and dbus.
    static let requirement = Integration.Requirement(
        isMet: missingPrerequisite == nil, missing: missingPrerequisite ?? "")

    /// Why the environment cannot be set up here, or `nil` when it can.
    static var missingPrerequisite: String? {
        if GeoClueTestSockets.userID != 0 {
            return "root (the GeoClue integration test starts a system bus and edits /etc/geoclue)"
        }
        let needed = [
            "/usr/libexec/geoclue", "/usr/libexec/geoclue-2.0/demos/agent", "/usr/bin/dbus-daemon",
            "/usr/bin/dbus-send",
        ]
        if let missing = needed.first(where: { !FileManager.default.isExecutableFile(atPath: $0) }) {
            return "\(missing) (missing: apt-get install geoclue-2.0 dbus)"
        }
        return nil
    }

    /// Sets the environment up, for a test with the trait ``needed``; returns `nil` after recording what is missing
    /// when it runs without it (integration is required), and stops the test as skipped when another GeoClue
    /// already runs on the system bus.
    ///
    /// - Parameters:
    ///   - filePath: A file of the package, to find `Scripts/`.
    ///   - agent: Whether to run GeoClue's demo agent, as a desktop session does.
    ///   - sentences: What the NMEA socket serves, every 0.2 s.
    /// - Returns: The running environment, or `nil` when the test is skipped.
    /// - Throws: When the script fails to set things up (everything started is stopped first).
    static func start(
        filePath: String = #filePath, agent: Bool = true, sentences: @escaping @Sendable () -> [String]
    ) throws -> GeoClueEnvironment? {
        guard requirement.isMet else {
            Integration.recordMissing(requirement)
            return nil
        }
        var root = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lcl-geoclue-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = try NMEASocketServer(
            path: directory.appendingPathComponent("nmea.sock").path, interval: 0.2, sentences: sentences)
        let environment = GeoClueEnvironment(
            directory: directory, server: server, script: root.appendingPathComponent("Scripts/geoclue-test-env.sh"))
        do {
            try environment.run(["start", environment.state, server.path, desktopID] + (agent ? [] : ["no-agent"]))
        } catch GeoClueEnvironmentError.busy {
            environment.stop()
            try Integration.stop(
                missing: "a system bus without a GeoClue of its own (one runs; the test does not take it over)")
        } catch {
            environment.stop()
            throw error
        }
        return environment
    }

    private init(directory: URL, server: NMEASocketServer, script: URL) {
        self.directory = directory
        self.server = server
        self.script = script
    }

    private var state: String { directory.appendingPathComponent("state").path }

    /// Kills what the script started, restores `/etc/geoclue/geoclue.conf`, stops the NMEA server and removes the
    /// temporary directory.
    ///
    /// Safe to call more than once.
    func stop() {
        do { try run(["stop", state]) } catch { Issue.record("tearing down GeoClue: \(error)") }
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// GeoClue's own log, for failure messages.
    var geoclueLog: String {
        (try? String(contentsOf: directory.appendingPathComponent("state/geoclue.log"), encoding: .utf8)) ?? ""
    }

    private func run(_ arguments: [String]) throws {
        let errorPath = directory.appendingPathComponent("script-\(arguments[0]).err").path
        let status = GeoClueTestSockets.run(["/bin/sh", script.path] + arguments, errorPath: errorPath)
        if status == 3 { throw GeoClueEnvironmentError.busy }
        guard status == 0 else {
            let output = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw CocoaError(
                .executableLoad,
                userInfo: [
                    NSLocalizedDescriptionKey: "geoclue-test-env.sh \(arguments[0]) exited with \(status): \(output)"
                ])
        }
    }
}

/// The environment script's exit status 3: a GeoClue of the machine's own is running.
enum GeoClueEnvironmentError: Error {
    case busy
}
