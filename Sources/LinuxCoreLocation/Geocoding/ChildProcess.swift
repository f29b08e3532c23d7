import Foundation
import Glibc

/// A program run to its end with its standard input given and its standard output and error read back, each
/// bounded, and a deadline: how the geocoder runs `curl`.
///
/// Started with `posix_spawn`, not Foundation's `Process`: the child starts with no signal blocked and every signal
/// at its default action, whatever the calling thread had (a Dispatch worker blocks `SIGINT` and `SIGTERM`, which
/// a child of `Process` inherited, so that neither the terminal's Ctrl-C nor `kill` ended it); no thread or run loop
/// is made for it (`Process` made both at its first use, and crashed there in a program out of file descriptors);
/// its pipes are close-on-exec in this process, so that no other child inherits them, and it is reaped here.
/// Blocks the calling thread until the program has ended.
enum ChildProcess {
    /// What a run gave back.
    struct Result {
        /// The standard output, at most the limit asked for.
        var output: [UInt8] = []
        /// Whether the program wrote more than the limit (it was then killed).
        var outputTruncated = false
        /// The standard error, at most ``errorLimit`` bytes.
        var errors: [UInt8] = []
        /// Whether the program was killed at the deadline.
        var timedOut = false
        /// The exit status, or `nil` when a signal ended the program.
        var exitStatus: Int32?
    }

    /// Why a program could not be run.
    enum Failure: Error, Equatable {
        /// The standard input given is more than a pipe holds (it is written before the program starts).
        case inputTooLong
        /// A pipe could not be made, or `posix_spawn` failed: the call and `strerror`'s reason.
        case system(String)
    }

    /// The most bytes of standard error kept; the rest is read and dropped.
    static let errorLimit = 4096

    /// Runs `program` with `arguments` and the environment of this process.
    ///
    /// - Parameters:
    ///   - program: The program's absolute path.
    ///   - arguments: Its arguments, after its name.
    ///   - input: Its whole standard input, written into the pipe before it starts: at most what a pipe holds
    ///     (16 pages, 64 KiB with 4 KiB pages; as little as one page for a user with very many pipes open).
    ///   - outputLimit: The most bytes of standard output kept; at one more the program is killed.
    ///   - seconds: How long it may run; then it is killed (`SIGKILL`).
    /// - Throws: ``Failure`` when it could not be started.
    /// - Returns: What it wrote and how it ended.
    static func run(_ program: String, arguments: [String], input: [UInt8], outputLimit: Int, seconds: Int)
        throws(Failure) -> Result
    {
        // Each pipe as [read end, write end]; what is still open here is closed on the way out.
        var pipes = [[Int32]](repeating: [-1, -1], count: 3)
        defer { for descriptor in pipes.joined() where descriptor >= 0 { close(descriptor) } }
        for index in pipes.indices {
            guard pipe(&pipes[index]) == 0 else { throw .system("pipe: \(reason(errno))") }
            // Each end made close-on-exec (`pipe2` is not imported) and above the standard three, so that placing
            // one as the child's 0, 1 or 2 cannot overwrite another.
            for end in 0..<2 {
                let moved = fcntl(pipes[index][end], F_DUPFD_CLOEXEC, 3)
                close(pipes[index][end])
                pipes[index][end] = moved
                guard moved >= 0 else { throw .system("fcntl: \(reason(errno))") }
            }
        }
        let (standardInput, standardOutput, standardError) = (pipes[0], pipes[1], pipes[2])
        // Nobody reads the input pipe yet: a write that does not fit must fail, not wait.
        _ = fcntl(standardInput[1], F_SETFL, fcntl(standardInput[1], F_GETFL) | O_NONBLOCK)
        let written = input.withUnsafeBytes { write(standardInput[1], $0.baseAddress, $0.count) }
        guard written == input.count else { throw .inputTooLong }
        close(standardInput[1])
        pipes[0][1] = -1

        let pid = try spawn(program, arguments, standardInput[0], standardOutput[1], standardError[1])
        for (index, end) in [(0, 0), (1, 1), (2, 1)] {
            close(pipes[index][end])
            pipes[index][end] = -1
        }
        var result = collect(
            from: pid, output: standardOutput[0], errors: standardError[0], limit: outputLimit,
            seconds: seconds)
        result.exitStatus = reap(pid)
        return result
    }

    /// Starts `program` with the three descriptors as its standard input, output and error.
    /// - Returns: Its process id.
    private static func spawn(
        _ program: String, _ arguments: [String], _ input: Int32, _ output: Int32, _ errors: Int32
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var pid = pid_t()
        let status = withCStrings([program] + arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, program, &actions, &attributes, argv, envp) }
        }
        guard status == 0 else { throw .system("\(program) could not be started: \(reason(status))") }
        return pid
    }

    /// Reads the program's output and error until both end, killing it at `seconds` or at more output than `limit`.
    private static func collect(from pid: pid_t, output: Int32, errors: Int32, limit: Int, seconds: Int) -> Result {
        var result = Result()
        var open = [output, errors]
        let deadline = ContinuousClock.now + .seconds(seconds)
        var killedAt: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while open.contains(where: { $0 >= 0 }) {
            // After a kill the pipes end as the kernel tears the program down; a second is more than that takes.
            let until = killedAt.map { $0 + .seconds(1) } ?? deadline
            let left = until - ContinuousClock.now
            guard left > .zero else {
                if killedAt != nil { break }
                kill(pid, SIGKILL)
                (result.timedOut, killedAt) = (true, .now)
                continue
            }
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let (whole, fraction) = left.components
            let milliseconds = Int32(min(whole * 1000 + fraction / 1_000_000_000_000_000 + 1, 60_000))
            let ready = poll(&watched, nfds_t(watched.count), milliseconds)
            guard ready > 0 else { continue }  // a timeout is handled above, EINTR by polling again
            for (index, entry) in watched.enumerated() where entry.fd >= 0 && entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    open[index] = -1
                    continue
                }
                if index == 0 {
                    let room = limit - result.output.count
                    result.output += buffer[0..<min(count, max(room, 0))]
                    if count > room, !result.outputTruncated, killedAt == nil {
                        result.outputTruncated = true
                        kill(pid, SIGKILL)
                        killedAt = .now
                    }
                } else {
                    result.errors += buffer[0..<min(count, max(errorLimit - result.errors.count, 0))]
                }
            }
        }
        return result
    }

    /// Waits for the program to end and reaps it.
    /// - Returns: Its exit status, or `nil` when a signal ended it.
    private static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            // ECHILD: reaped elsewhere (SIGCHLD ignored): how it ended is unknown.
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import (C macros).
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Calls `body` with `strings` as a C array of C strings ending in a null pointer.
    private static func withCStrings<Value>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Value
    ) -> Value {
        let copies = strings.map { strdup($0) } + [nil]
        defer { for copy in copies { free(copy) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
