import Foundation

/// One run of another program measured alone: its wall time, its processor time and its peak resident set.
struct ChildRun {
    var seconds: Double
    /// User + system time of the child, in seconds.
    var cpuSeconds: Double
    /// The child's peak resident set size in kB (`wait4`'s `ru_maxrss`, of this child alone).
    var peakResidentKilobytes: Int
}

/// Runs `executable arguments` with standard input from `/dev/null` and standard output and error discarded, and
/// waits for it with `wait4`, which reports the child's own resource usage (unlike `getrusage(RUSAGE_CHILDREN)`,
/// whose peak is the largest of all children so far).
///
/// - Throws: `CocoaError(.executableLoad)` when it cannot be started or does not exit with status 0.
func runChild(_ executable: String, _ arguments: [String]) throws -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
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
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer {
        for argument in argv { free(argument) }
    }
    var child: pid_t = 0
    let start = monotonicNanoseconds()
    guard posix_spawn(&child, executable, &actions, &attributes, argv, environ) == 0 else {
        throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
    }
    Interruption.setChild(child)
    defer { Interruption.setChild(nil) }
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
    return ChildRun(seconds: seconds, cpuSeconds: cpu, peakResidentKilobytes: usage.ru_maxrss)
}
