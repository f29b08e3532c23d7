import Foundation
import Glibc

/// A program run to its end with its standard input given and its standard output and error read back, each
/// bounded, and a deadline: how the geocoder runs `curl`.
///
/// Started with `posix_spawn`, not Foundation's `Process`: the child starts with no signal blocked, whatever the
/// calling thread blocked (a Dispatch worker blocks `SIGINT` and `SIGTERM`, which a child of `Process` inherited, so
/// that neither the terminal's Ctrl-C nor `kill` ended it); signals this program ignores stay ignored (`nohup`). No
/// thread or run loop is made for it (`Process` made both at its first use, and crashed there in a program out of file
/// descriptors). Its pipes are close-on-exec here, made and handed over under one lock so that a concurrent run's
/// child cannot inherit them. It is reaped here; a program that ignores `SIGCHLD` has it reaped by the kernel, and
/// its exit is then ``Exit/unknown``. Blocks the calling thread until the program has ended or been killed.
enum ChildProcess {
    /// How the program ended.
    enum Exit: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signaled(Int32)
        /// Unknown: the kernel reaped it (this program ignores `SIGCHLD`), or it was still not gone a second after it
        /// was killed.
        case unknown
    }

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
        /// Whether the program was killed because the caller no longer wanted its result.
        var cancelled = false
        /// How it ended.
        var exit = Exit.unknown
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

    /// Held from making a run's pipes to its child's start: `pipe()` makes descriptors that are not yet close-on-exec
    /// (`pipe2` is not imported), and another run's child started in between would inherit them.
    private static let spawning = NSLock()

    /// Runs `program` with `arguments` and the environment of this process.
    ///
    /// - Parameters:
    ///   - program: The program's absolute path.
    ///   - arguments: Its arguments, after its name.
    ///   - input: Its whole standard input, written into the pipe before it starts: at most what a pipe holds
    ///     (16 pages, 64 KiB with 4 KiB pages; less for a user with very many pipes open).
    ///   - outputLimit: The most bytes of standard output kept; at one more the program is killed.
    ///   - seconds: How long it may run, 1…86,400; then it is killed (`SIGKILL`), and waited for a second more.
    ///   - isCancelled: Asked at least every 100 ms while the program runs; when it returns `true`, the program is
    ///     killed as at the deadline (``Result/cancelled``).
    /// - Throws: ``Failure`` when it could not be started.
    /// - Returns: What it wrote and how it ended. A program that has exited is not waited for beyond what its pipes
    ///   hold then, even if a process it started keeps them open.
    static func run(
        _ program: String, arguments: [String], input: [UInt8], outputLimit: Int, seconds: Int,
        isCancelled: () -> Bool = { false }
    ) throws(Failure) -> Result {
        // Each pipe as [read end, write end]; what is still open here is closed on the way out.
        var pipes = [[Int32]](repeating: [-1, -1], count: 3)
        defer { for descriptor in pipes.joined() where descriptor >= 0 { close(descriptor) } }
        let pid = try start(program, arguments, input: input, pipes: &pipes)
        return collect(
            from: pid, output: pipes[1][0], errors: pipes[2][0], limit: outputLimit,
            seconds: min(max(seconds, 1), 86_400), isCancelled: isCancelled)
    }

    /// Makes the pipes, writes the input and starts the program, under ``spawning``; closes the child's ends here.
    /// - Returns: Its process id.
    private static func start(_ program: String, _ arguments: [String], input: [UInt8], pipes: inout [[Int32]])
        throws(Failure) -> pid_t
    {
        spawning.lock()
        defer { spawning.unlock() }
        for index in pipes.indices {
            guard pipe(&pipes[index]) == 0 else { throw .system("pipe: \(reason(errno))") }
            // Each end made close-on-exec and above the standard three, so that placing one as the child's 0, 1 or 2
            // cannot overwrite another.
            for end in 0..<2 {
                let moved = fcntl(pipes[index][end], F_DUPFD_CLOEXEC, 3)
                let code = errno
                close(pipes[index][end])
                pipes[index][end] = moved
                guard moved >= 0 else { throw .system("fcntl: \(reason(code))") }
            }
        }
        // Nobody reads the input pipe yet: a write that does not fit must fail, not wait.
        let writing = pipes[0][1]
        _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK)
        let written = input.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
        guard written == input.count else { throw .inputTooLong }
        let pid = try spawn(program, arguments, pipes[0][0], pipes[1][1], pipes[2][1])
        for (index, end) in [(0, 0), (0, 1), (1, 1), (2, 1)] {
            close(pipes[index][end])
            pipes[index][end] = -1
        }
        return pid
    }

    /// Starts `program` with the three descriptors as its standard input, output and error, and no signal blocked.
    /// - Returns: Its process id.
    private static func spawn(
        _ program: String, _ arguments: [String], _ input: Int32, _ output: Int32, _ errors: Int32
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { throw .system("posix_spawn: out of memory") }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { throw .system("posix_spawn: out of memory") }
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        let prepared = [
            posix_spawn_file_actions_adddup2(&actions, input, 0),
            posix_spawn_file_actions_adddup2(&actions, output, 1),
            posix_spawn_file_actions_adddup2(&actions, errors, 2),
            posix_spawnattr_setsigmask(&attributes, &noSignals),
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK)),
        ]
        if let failed = prepared.first(where: { $0 != 0 }) { throw .system("posix_spawn: \(reason(failed))") }
        try closeTheRest(in: &actions)
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var pid = pid_t()
        let status = try withCStrings([program] + arguments) { argv throws(Failure) in
            try withCStrings(environment) { envp in posix_spawn(&pid, program, &actions, &attributes, argv, envp) }
        }
        guard status == 0 else { throw .system("\(program) could not be started: \(reason(status))") }
        return pid
    }

    /// Has the child close every descriptor above the standard three.
    ///
    /// Ours are close-on-exec, but the host program's need not be: Foundation's `Pipe` makes descriptors that are
    /// not, and a child holding a copy of another child's output pipe keeps its reader from seeing the end for as
    /// long as it runs (a test's lingering child held the tool's output open for 30 s). glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; looked up by name, as Swift does not import it),
    /// else one close per descriptor open now that is not close-on-exec (`/proc/self/fd`).
    private static func closeTheRest(in actions: inout posix_spawn_file_actions_t) throws(Failure) {
        if let closeFrom {
            let status = closeFrom(&actions, 3)
            guard status == 0 else { throw .system("posix_spawn: \(reason(status))") }
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            let flags = fcntl(descriptor, F_GETFD)
            guard flags >= 0, flags & FD_CLOEXEC == 0 else { continue }
            let status = posix_spawn_file_actions_addclose(&actions, descriptor)
            guard status == 0 else { throw .system("posix_spawn: \(reason(status))") }
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, or `nil` before glibc 2.34.
    private static let closeFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
            // RTLD_DEFAULT, the null handle: every object loaded.
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
        }()

    /// Reads the program's output and error while it runs and, once it has exited, what they still hold; kills it at
    /// the deadline, at more output than `limit` or once `isCancelled`, and reaps it.
    private static func collect(
        from pid: pid_t, output: Int32, errors: Int32, limit: Int, seconds: Int, isCancelled: () -> Bool
    ) -> Result {
        var result = Result()
        var open = [output, errors]
        var ended: Exit?
        let deadline = ContinuousClock.now + .seconds(seconds)
        // After the program ends (or is killed), the pipes are read until nothing is waiting in them, or for a second
        // at most: a process it started may hold them open and write on.
        var lastRead: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func kill(timedOut: Bool) {
            guard lastRead == nil else { return }
            Glibc.kill(pid, SIGKILL)
            result.timedOut = timedOut
            lastRead = .now + .seconds(1)
        }
        while open.contains(where: { $0 >= 0 }) || ended == nil {
            if ended == nil {
                ended = reaped(pid)
                if ended != nil, lastRead == nil { lastRead = .now + .seconds(1) }
            }
            let now = ContinuousClock.now
            if let lastRead, now >= lastRead { break }
            if ended == nil, lastRead == nil {
                if now >= deadline {
                    kill(timedOut: true)
                } else if isCancelled() {
                    kill(timedOut: false)
                    result.cancelled = true
                }
            }
            // While it runs: wake at least every 100 ms to see whether it has ended; after: only what is waiting now.
            let wait =
                ended == nil ? min(.milliseconds(100), max((lastRead ?? deadline) - now, .milliseconds(1))) : .zero
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&watched, nfds_t(watched.count), Int32(milliseconds(wait)))
            if ready < 0, errno != EINTR {
                kill(timedOut: false)
                if ended != nil { break }
            }
            if ready == 0, ended != nil { break }  // nothing left waiting in the pipes
            guard ready > 0 else { continue }
            for (index, entry) in watched.enumerated() where entry.fd >= 0 && entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    open[index] = -1
                    continue
                }
                if index == 0 {
                    let room = max(limit - result.output.count, 0)
                    result.output += buffer[0..<min(count, room)]
                    if count > room, !result.outputTruncated {
                        result.outputTruncated = true
                        if ended == nil { kill(timedOut: false) }
                    }
                } else {
                    result.errors += buffer[0..<min(count, max(errorLimit - result.errors.count, 0))]
                }
            }
        }
        result.exit = ended ?? reapedAfterKill(pid)
        return result
    }

    /// How the program ended, if it has: reaped without waiting.
    /// - Returns: Its exit, ``Exit/unknown`` when the kernel reaped it (`SIGCHLD` ignored), `nil` while it runs.
    private static func reaped(_ pid: pid_t) -> Exit? {
        var status: Int32 = 0
        while true {
            let found = waitpid(pid, &status, WNOHANG)
            if found == pid { break }
            if found == 0 { return nil }
            if errno != EINTR { return .unknown }  // ECHILD
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import (C macros).
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
    }

    /// Reaps a program killed a second ago, if it has gone; one stuck in the kernel (a hung file system) is left.
    private static func reapedAfterKill(_ pid: pid_t) -> Exit {
        for _ in 0..<10 {
            if let exit = reaped(pid) { return exit }
            usleep(10_000)  // bounded (100 ms): SIGKILL takes effect as the kernel tears the process down
        }
        return .unknown
    }

    /// `duration` in whole milliseconds, rounded up, at most a minute.
    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(min(seconds, 60)) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + (attoseconds > 0 ? 1 : 0)
    }

    /// Calls `body` with `strings` as a C array of C strings ending in a null pointer.
    private static func withCStrings<Value>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        guard !copies.contains(where: { $0 == nil }) else { throw .system("strdup: out of memory") }
        let terminated = copies + [nil]
        return try terminated.withUnsafeBufferPointer { buffer throws(Failure) in
            guard let first = buffer.baseAddress else { throw .system("posix_spawn: no arguments") }
            return try body(first)
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
