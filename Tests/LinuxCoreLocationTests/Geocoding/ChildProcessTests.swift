import Dispatch
import Foundation
import LocationSupport
import Testing

@testable import LinuxCoreLocation

/// The geocoder's way of running curl: input given, output and error bounded, a deadline, a clean signal state, and
/// nothing left open.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
    private func shell(
        _ script: String, input: String = "", limit: Int = 1 << 20, seconds: Int = 30
    ) throws(ChildProcess.Failure) -> ChildProcess.Result {
        try ChildProcess.run(
            "/bin/sh", arguments: ["-c", script], input: Array(input.utf8), outputLimit: limit, seconds: seconds)
    }

    @Test func theInputIsReadAndTheOutputAndErrorComeBackApart() throws {
        let result = try shell("cat; echo oops >&2; exit 3", input: "hello\n")
        #expect(String(decoding: result.output, as: UTF8.self) == "hello\n")
        #expect(String(decoding: result.errors, as: UTF8.self) == "oops\n")
        #expect(result.exit == .exited(3) && !result.timedOut && !result.outputTruncated)
    }

    @Test func aChildOfAThreadBlockingSignalsStartsWithNoneBlocked() throws {
        // Dispatch's worker threads block most signals, SIGINT and SIGTERM among them; a child inheriting that
        // mask could not be stopped by Ctrl-C or kill. A thread of the test's own blocks them the same way, and
        // the child is grep itself (a shell clears its blocked signals at start).
        let ran = Locked<Result<ChildProcess.Result, ChildProcess.Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            ran.withLock {
                $0 = Result { () throws(ChildProcess.Failure) in
                    try ChildProcess.run(
                        "/bin/grep", arguments: ["-E", "^Sig(Blk|Ign)", "/proc/self/status"], input: [],
                        outputLimit: 1000,
                        seconds: 30)
                }
            }
            done.signal()
        }
        done.wait()
        let result = try #require(ran.withLock { $0 }).get()
        // Each line's mask as a number (signal n is bit n - 1): nothing blocked; ignored signals stay as they were.
        let masks = String(decoding: result.output, as: UTF8.self).split(separator: "\n").compactMap {
            UInt64($0.split(separator: "\t").last ?? "", radix: 16)
        }
        #expect(masks.count == 2 && masks[0] == 0)
    }

    @Test func moreOutputThanTheLimitKillsTheProgram() throws {
        let result = try shell("yes", limit: 1000)
        #expect(result.output == Array(repeating: Array("y\n".utf8), count: 500).flatMap { $0 })
        #expect(result.outputTruncated && result.exit == .signaled(SIGKILL) && !result.timedOut)
    }

    @Test func muchErrorOutputNeitherStallsNorGrows() throws {
        // More than a pipe holds, written before the output: read as it comes, kept up to the limit.
        let result = try shell("head -c 200000 /dev/zero >&2; echo done")
        #expect(String(decoding: result.output, as: UTF8.self) == "done\n")
        #expect(result.errors.count == ChildProcess.errorLimit && result.exit == .exited(0))
    }

    @Test func aProgramStillRunningAtTheDeadlineIsKilled() throws {
        let started = ContinuousClock.now
        let result = try shell("exec sleep 30", seconds: 1)
        // Real time, not a manual clock: the deadline is the kernel's poll timeout, not the library's clock.
        #expect(result.timedOut && result.exit == .signaled(SIGKILL))
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(10))
    }

    @Test func aCancelledRunEndsItsProgramAtOnce() throws {
        let started = ContinuousClock.now
        var asked = 0
        let result = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "exec sleep 30"], input: [], outputLimit: 100, seconds: 30,
            isCancelled: {
                asked += 1
                return asked > 2  // after two looks, 100 ms apart while the program runs
            })
        #expect(result.cancelled && !result.timedOut && result.exit == .signaled(SIGKILL))
        #expect(asked == 3)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aProgramThatClosesItsOutputButRunsOnIsStillKilledAtTheDeadline() throws {
        let started = ContinuousClock.now
        let result = try shell("exec >&- 2>&-; exec sleep 30", seconds: 1)
        #expect(result.timedOut && result.exit == .signaled(SIGKILL))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aProcessLeftHoldingTheOutputDoesNotHoldTheRunBack() throws {
        // The shell exits at once; the sleep it started keeps its standard output open until it is killed here.
        let started = ContinuousClock.now
        let result = try shell("sleep 30 & echo $!", seconds: 20)
        let sleeper = try #require(Int32(String(decoding: result.output, as: UTF8.self).dropLast()))
        kill(sleeper, SIGKILL)
        #expect(result.exit == .exited(0) && !result.timedOut)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func theChildInheritsNoDescriptorOfThisProcess() throws {
        // A pipe that is not close-on-exec, as Foundation's Pipe makes them: a child holding its writing end would
        // keep its reader from seeing the end.
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        defer { for descriptor in descriptors { close(descriptor) } }
        let script = descriptors.map { "test -e /proc/self/fd/\($0) && echo open || echo closed" }.joined(
            separator: "; ")
        let result = try shell(script)
        #expect(String(decoding: result.output, as: UTF8.self) == "closed\nclosed\n")
    }

    @Test func whatCannotStartIsAnErrorAndTooMuchInputIsRefused() throws {
        #expect(
            throws: ChildProcess.Failure.system("/nonexistent/program could not be started: No such file or directory")
        ) {
            try ChildProcess.run(
                "/nonexistent/program", arguments: [], input: [], outputLimit: 10, seconds: 1)
        }
        #expect(throws: ChildProcess.Failure.inputTooLong) {
            try shell("cat", input: String(repeating: "x", count: 2 << 20))
        }
    }

    @Test func nothingIsLeftOpenOrUnreaped() throws {
        // The child names its pipes and itself; afterwards none of those pipes is open here and the child is gone
        // (reaped: no zombie left under its id). Other tests run beside this one, so only its own are looked for.
        for script in [
            "readlink /proc/self/fd/0 /proc/self/fd/1 /proc/self/fd/2; echo $$",
            "readlink /proc/self/fd/0 /proc/self/fd/1 /proc/self/fd/2; echo $$; exec sleep 30",
        ] {
            let result = try shell(script, seconds: script.hasSuffix("30") ? 1 : 30)
            let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
            try #require(lines.count == 4 && lines[0...2].allSatisfy { $0.hasPrefix("pipe:[") })
            let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
            }
            #expect(Set(open).isDisjoint(with: lines[0...2]))
            #expect(!FileManager.default.fileExists(atPath: "/proc/\(lines[3])"))
        }
    }
}
