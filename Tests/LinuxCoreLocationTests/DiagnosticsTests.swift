import Foundation
import Glibc
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The library's diagnostics with standard error closed, full, broken or stalled (issue 16: `FileHandle.write`
/// trapped, and a closed pipe's `SIGPIPE` killed the host).
///
/// Each case runs in a child process, this test bundle started again with only
/// ``DiagnosticsChild/writesThroughAHostileStandardError()`` selected: a trap or a signal there would otherwise end
/// the whole test run. The child makes descriptor 2 hostile itself, after the test library has started, writes
/// diagnostics, restores it and prints `survived MODE` on standard output.
@Suite struct DiagnosticsTests {
    @Test(arguments: ["closed", "full", "brokenPipe", "stalledPipe"])
    func aHostileStandardErrorNeitherTrapsNorKillsTheHost(mode: String) async throws {
        let (status, signalled, output) = try await offThePool { Result { try Self.runChild(mode: mode) } }.get()
        #expect(!output.contains("hung"), "a diagnostic blocked the child for 60 s")
        #expect(!signalled, "the child died of signal \(status)")
        #expect(status == 0, "the child exited with \(status)")
        #expect(output.contains("survived \(mode): written false, SIGPIPE default"), "child said:\n\(output)")
    }

    @Test func aWorkingStandardErrorGetsTheWholeLine() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(Diagnostics.write(Array("one line\n".utf8), to: ends[1]))
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(String(decoding: buffer[..<max(0, count)], as: UTF8.self) == "one line\n")
    }

    /// Runs the child for `mode`: its exit status (or signal), whether a signal ended it, and its standard output
    /// (`hung` when it had to be killed after 60 s).
    private static func runChild(mode: String) throws -> (status: Int32, signalled: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [
            "--testing-library", "swift-testing", "--filter", "DiagnosticsChild.writesThroughAHostileStandardError",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging([DiagnosticsChild.modeVariable: mode]) {
            $1
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let hung = exited.wait(timeout: .now() + 60) == .timedOut
        if hung {
            process.terminate()
            exited.wait()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (
            process.terminationStatus, process.terminationReason == .uncaughtSignal,
            (hung ? "hung\n" : "") + String(decoding: data, as: UTF8.self)
        )
    }
}

/// The child side of ``DiagnosticsTests``: does nothing unless started by it.
@Suite struct DiagnosticsChild {
    static let modeVariable = "LINUXCORELOCATION_TEST_HOSTILE_STDERR"

    @Test func writesThroughAHostileStandardError() throws {
        guard let mode = ProcessInfo.processInfo.environment[Self.modeVariable] else { return }
        let saved = dup(STDERR_FILENO)
        try #require(saved >= 0)
        try Self.makeHostile(mode)
        Diagnostics.warn("a warning nobody can read")
        Diagnostics.hint("hostile-stderr-\(mode)", "a hint nobody can read")
        let written = Diagnostics.write(Array("a line nobody can read\n".utf8), to: STDERR_FILENO)
        dup2(saved, STDERR_FILENO)
        close(saved)
        var disposition = sigaction()
        sigaction(SIGPIPE, nil, &disposition)
        let isDefault = disposition.__sigaction_handler.sa_handler == nil  // SIG_DFL is the null handler
        let report = Array("survived \(mode): written \(written), SIGPIPE \(isDefault ? "default" : "changed")\n".utf8)
        _ = write(STDOUT_FILENO, report, report.count)
    }

    /// Points descriptor 2 at trouble: closed (`2>&-`), `/dev/full`, a pipe without reader, or a full pipe that
    /// nobody reads.
    private static func makeHostile(_ mode: String) throws {
        switch mode {
        case "closed":
            close(STDERR_FILENO)
        case "full":
            let full = open("/dev/full", O_WRONLY)
            try #require(full >= 0)
            dup2(full, STDERR_FILENO)
            close(full)
        case "brokenPipe", "stalledPipe":
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            if mode == "brokenPipe" {
                close(ends[0])
            } else {
                _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
                let chunk = [UInt8](repeating: 0x2E, count: 4096)
                while write(ends[1], chunk, chunk.count) > 0 {}  // full: the reader (kept open) never reads
                _ = fcntl(ends[1], F_SETFL, 0)
            }
            dup2(ends[1], STDERR_FILENO)
            close(ends[1])
        default:
            Issue.record("unknown mode \(mode)")
        }
    }
}
