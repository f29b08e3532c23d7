import Foundation

/// One run of another program measured alone: its wall time, its processor time and its peak resident set.
struct ChildRun {
    var seconds: Double
    /// User + system time of the child, in seconds.
    var cpuSeconds: Double
    /// The child's own peak resident set size in kB, as GNU `time` measures it; 0 when `time` is not installed.
    ///
    /// Not `wait4`'s `ru_maxrss`: Linux starts a child's with its parent's high-water mark (the bench's
    /// tens of MB, through `posix_spawn` or `fork` alike: `/bin/true` spawned by a 50 MB process reports 52 MB).
    /// `time` is a small process that forks the program and reports its peak alone (≈ 1 MB for `/bin/true`).
    var peakResidentKilobytes: Int
}

/// GNU `time`, which measures a program's own peak resident set.
private let gnuTime = "/usr/bin/time"

/// Runs `executable arguments` with standard input from `input` (`/dev/null` by default), standard output to
/// `output` (a pipe's write end, which this closes once the child has it) or discarded, and standard error
/// discarded; runs `whileRunning` (to read the pipe), then waits for the child with `wait4`, which reports the
/// child's own resource usage (unlike `getrusage(RUSAGE_CHILDREN)`, whose peak is the largest of all children so
/// far).
///
/// - Throws: `CocoaError(.executableLoad)` when it cannot be started or does not exit with status 0.
func runChild(
    _ executable: String, _ arguments: [String], input: String = "/dev/null", output: Pipe? = nil,
    whileRunning: () -> Void = {}
) throws -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    if let output {
        posix_spawn_file_actions_adddup2(&actions, output.fileHandleForWriting.fileDescriptor, 1)
        posix_spawn_file_actions_addclose(&actions, output.fileHandleForReading.fileDescriptor)
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The bench ignores SIGINT and SIGTERM (Interruption); the child gets the default actions back.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    sigaddset(&defaults, SIGTERM)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    // Run under GNU time for the program's own peak RSS, written to a file.
    let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("corelocation-bench-\(getpid())-peak")
        .path
    defer { try? FileManager.default.removeItem(atPath: peakFile) }
    let measured = FileManager.default.isExecutableFile(atPath: gnuTime)
    let command = measured ? [gnuTime, "-f", "%M", "-o", peakFile, executable] : [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    defer {
        for argument in argv { free(argument) }
    }
    var child: pid_t = 0
    let start = monotonicNanoseconds()
    guard posix_spawn(&child, command[0], &actions, &attributes, argv, environ) == 0 else {
        throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
    }
    Interruption.setChild(child)
    defer { Interruption.setChild(nil) }
    try output?.fileHandleForWriting.close()
    whileRunning()
    var status: Int32 = 0
    var usage = rusage()
    while wait4(child, &status, 0, &usage) < 0, errno == EINTR {}
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    // Exited normally (no signal, low 7 bits 0) with status 0.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
        throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
    }
    let cpu =
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        / 1e6
    let peak = (try? String(contentsOfFile: peakFile, encoding: .utf8)).flatMap {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return ChildRun(seconds: seconds, cpuSeconds: cpu, peakResidentKilobytes: peak ?? 0)
}

/// The `corelocation` executable built beside the bench (`swift build -c release`), or `nil` if it is not there.
func builtTool() -> String? {
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("corelocation").path
    return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil
}

/// The best of several runs of each program, by wall time and by processor time separately.
///
/// On a shared machine the run least disturbed in wall time need not be the one that used the least processor time
/// (a wait for the second core costs wall time, not CPU), so each is the least of its own measure; the largest peak
/// RSS of the runs is kept too.
struct BestRuns {
    /// The run with the least wall time, by program.
    private(set) var fastest: [String: ChildRun] = [:]
    /// The least processor time (user + system) of any run, by program, in seconds.
    private(set) var leastCPU: [String: Double] = [:]
    /// The largest peak resident set of any run, by program, in kB.
    private(set) var largestPeak: [String: Int] = [:]

    /// Takes in one run of the program named `key`.
    mutating func keep(_ key: String, _ run: ChildRun) {
        if run.seconds < fastest[key]?.seconds ?? .infinity { fastest[key] = run }
        leastCPU[key] = min(leastCPU[key] ?? .infinity, run.cpuSeconds)
        largestPeak[key] = max(largestPeak[key] ?? 0, run.peakResidentKilobytes)
    }

    /// Theirs ÷ ours in wall time (fastest runs) and in processor time (least CPU), or `nil` when either is missing.
    func ratios(theirs: String, ours: String) -> (wall: Double, cpu: Double)? {
        guard let their = fastest[theirs], let our = fastest[ours], let theirCPU = leastCPU[theirs],
            let ourCPU = leastCPU[ours]
        else { return nil }
        return (their.seconds / our.seconds, theirCPU / ourCPU)
    }
}
