import Foundation
import LocationSupport
import SharedTestSupport

/// Runs the built `corelocation` executable, which SwiftPM places beside the test bundle.
struct ToolRun {
    let status: Int32
    let output: String
    let error: String
    /// Whether the process died of a signal (a trap, a crash, an unhandled SIGTERM); ``status`` is then the signal.
    var diedOfSignal = false

    var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// The JSON objects of a JSON Lines output.
    func jsonObjects() throws -> [[String: Any]] {
        try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            return object
        }
    }
}

enum Tool {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "corelocation")
    }

    /// The executable called `name` on `PATH` (a shell, `groff`, `man`), or `nil`.
    static func onPath(_ name: String) -> URL? { ProgramSearch.executable(named: name) }

    /// Runs the tool with `arguments`, an environment without provider settings and with a system bus that does
    /// not exist unless given, and standard input from `/dev/null`; waits for it to exit off the cooperative pool
    /// (``offThePool(_:)``).
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ToolRun {
        try await offThePool { Result { try runBlocking(arguments, environment: environment) } }.get()
    }

    /// The tool's process, not yet started: `arguments`, the environment described at ``run(_:environment:)``,
    /// standard input from `/dev/null`.
    static func process(_ arguments: [String], environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        base["CORELOCATION_PROVIDER"] = nil
        base["CORELOCATION_AUTHORIZATION"] = nil
        // The default probe must not find GeoClue on the real system bus: GeoClueIntegrationTests runs one there
        // while these tests run, and the tool would take its fixes instead of the embedded sample.
        base["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=/nonexistent/corelocation-tests/system_bus_socket"
        process.environment = base.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// Runs the tool (or `executable`, in the tool's environment) to its end, on the calling thread; `input`, when
    /// given, is its standard input, a pipe that holds those bytes and is then closed (at most a pipe's 64 KiB);
    /// `directory`, when given, its working directory.
    static func runBlocking(
        _ arguments: [String], environment: [String: String] = [:], executable: URL? = nil, input: Data? = nil,
        in directory: URL? = nil
    ) throws -> ToolRun {
        let process = process(arguments, environment: environment)
        if let executable { process.executableURL = executable }
        if let directory { process.currentDirectoryURL = directory }
        if let input {
            let pipe = Pipe()
            process.standardInput = pipe
            try pipe.fileHandleForWriting.write(contentsOf: input)
            try pipe.fileHandleForWriting.close()
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self),
            diedOfSignal: process.terminationReason == .uncaughtSignal)
    }

    /// Whether process `pid` has a handler for signal `number` (its `SigCgt` mask in `/proc/PID/status`): a signal
    /// sent before the tool has registered its handler would be lost, a start-up window the tests do not test.
    static func catches(_ number: Int32, pid: Int32) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(number - 1)) != 0
    }
}
