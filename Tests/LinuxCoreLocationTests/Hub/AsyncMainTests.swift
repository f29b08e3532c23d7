import Foundation
import SharedTestSupport
import Testing

/// Where callbacks arrive when Swift concurrency places the code that makes a manager (issue 31), run in a real
/// program with an async main (`Tests/Programs/AsyncMainProbe`): Apple's rule is the creating thread's run loop, and
/// the main actor is the main thread there; here it is the main queue, served from other threads.
@Suite struct AsyncMainTests {
    /// Runs the probe with a fixed provider and granted authorization; returns its status, output and errors.
    static func probe(_ mode: String) async throws -> (status: Int32, output: String, error: String) {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("async-main-probe")
        return try await offThePool {
            Result { () throws -> (Int32, String, String) in
                let process = Process()
                process.executableURL = executable
                process.arguments = [mode]
                process.environment = ProcessInfo.processInfo.environment.merging([
                    "CORELOCATION_PROVIDER": "fixed:1.5,2.5", "CORELOCATION_AUTHORIZATION": "authorizedWhenInUse",
                ]) { $1 }
                let (output, error) = (Pipe(), Pipe())
                process.standardOutput = output
                process.standardError = error
                try process.run()
                let out = output.fileHandleForReading.readDataToEndOfFile()
                let err = error.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (
                    process.terminationStatus, String(decoding: out, as: UTF8.self),
                    String(decoding: err, as: UTF8.self)
                )
            }
        }.get()
    }

    /// Made on the main actor after the program's first `await`: bound to the main queue, it hears its fix (before,
    /// bound to the run loop of the thread that happened to serve the main queue, it heard nothing).
    @Test func aManagerMadeOnTheMainActorAfterAnAwaitHearsItsFix() async throws {
        let run = try await Self.probe("main")
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(run.output == "fix 1.5,2.5\n")
        #expect(!run.error.contains("CLLocationManager"))
    }

    /// Made in a task off the main actor, where no run loop turns: nothing can arrive, and the library says so once.
    @Test func aManagerMadeInADetachedTaskIsToldToMoveOnce() async throws {
        let run = try await Self.probe("task")
        #expect(run.status == 2)
        #expect(run.output == "no callback in 3 s\n")
        #expect(
            run.error
                == "LinuxCoreLocation: a CLLocationManager was created in a Swift task off the main actor, on a "
                + "thread whose run loop never runs: its delegate and blocks will hear nothing; create it on the main "
                + "actor, or give it a callback queue (LocationManagerConfiguration(callbackQueue:))\n")
    }
}
