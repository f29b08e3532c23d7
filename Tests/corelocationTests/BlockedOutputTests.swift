import Foundation
import SharedTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A signal ends the tool even while its standard output is blocked (issue 16, tester's finding 1).
///
/// Before, the signals were handled on the main thread, which was stuck in `write(2)` to a pipe nobody read: SIGTERM
/// and SIGINT did nothing until the reader went away, and the tool then exited 0.
@Suite struct BlockedOutputTests {
    @Test(arguments: [(SIGTERM, 143), (SIGINT, 130)] as [(Int32, Int32)])
    func aSignalEndsTheToolWhileItsOutputPipeIsFull(signal number: Int32, status: Int32) async throws {
        // 5,000 points as fast as possible: far more JSON Lines than a pipe holds (64 KiB).
        let track = try timedTrack(5_000)
        let ended = try await offThePool {
            Result { () throws -> (status: Int32, signalled: Bool, error: String, pipeWasFull: Bool) in
                let process = Tool.process([
                    "watch", "--provider", "gpx:\(track.url.path)?speed=max", "--format", "jsonl",
                ])
                let output = Pipe()  // never read
                process.standardOutput = output
                // A copy of the write end to poll: Process closes the parent's own once the child has it.
                let probe = dup(output.fileHandleForWriting.fileDescriptor)
                defer { close(probe) }
                let error = Pipe()
                process.standardError = error
                try process.run()
                // The pipe is full when its write end (this process holds it too) is not writable. Polled, at most
                // 30 s: a guard against a hang, not a timing assertion.
                var full = false
                let deadline = Date(timeIntervalSinceNow: 30)
                while !full, process.isRunning, Date() < deadline {
                    var request = pollfd(fd: probe, events: Int16(POLLOUT), revents: 0)
                    full = poll(&request, 1, 20) == 0
                }
                // The signal must come while a thread of the tool waits in write(2) on standard output: one that
                // came between two writes finds nothing blocked and ends cleanly, which is not this test's case.
                while full, process.isRunning, Date() < deadline, !Self.waitsInWrite(process.processIdentifier) {
                    usleep(10_000)
                }
                kill(process.processIdentifier, number)
                // Before the fix the tool never ended: killed after 30 s so that the test fails instead of hanging.
                let end = Date(timeIntervalSinceNow: 30)
                while process.isRunning, Date() < end { usleep(20_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return (
                    process.terminationStatus, process.terminationReason == .uncaughtSignal, errorText, full
                )
            }
        }.get()
        try #require(ended.pipeWasFull, "the tool ended before filling the pipe: \(ended.error)")
        #expect(!ended.signalled, "died of signal \(ended.status): \(ended.error)")
        #expect(ended.status == status, "\(ended.error)")
        #expect(ended.error.contains("standard output is blocked"), "\(ended.error)")
    }

    /// Whether a thread of process `pid` is in the `write(2)` system call on descriptor 1 (x86-64: number 1, first
    /// argument 0x1, as `/proc/PID/task/TID/syscall` shows it).
    private static func waitsInWrite(_ pid: Int32) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
            return text.hasPrefix("1 0x1 ")
        }
    }
}
