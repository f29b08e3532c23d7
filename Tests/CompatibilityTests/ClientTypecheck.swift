import Foundation

/// Type-checks client source against the built `LinuxCoreLocation` module in Swift 6 mode, as an app's own
/// target would (warnings stay warnings there), for shapes this package cannot compile itself because it
/// turns warnings into errors.
enum ClientTypecheck {
    struct Outcome {
        let status: Int32
        let output: String
        var errors: Int { output.components(separatedBy: "error:").count - 1 }
        var warnings: Int { output.components(separatedBy: "warning:").count - 1 }
    }

    /// The `Modules` directory beside the running test bundle, where the package's modules were built.
    static var modules: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
    }

    /// Runs `swiftc -typecheck -swift-version 6` on `source`; throws when the compiler cannot be started.
    static func run(_ source: String) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Client.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path,
            "-module-cache-path", directory.appendingPathComponent("cache").path, file.path,
        ]
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
