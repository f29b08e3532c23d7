import Foundation
import SharedTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `gpsfake` (from Debian's gpsd-clients) in its own process group and tears it down.
///
/// Teardown follows the facts learnt about gpsfake: its own SIGTERM handler can hang, so the
/// gpsd child is signalled instead (gpsfake then reaps it and exits); whatever remains of the
/// process group is then killed and gpsfake is always reaped. gpsfake runs with `TMPDIR` set to a
/// directory of its own, removed at teardown: a killed gpsd leaves its control socket
/// (`$TMPDIR/gpsfake-PID.sock`) behind, which would otherwise pile up in `/tmp`.
///
/// `@unchecked Sendable`: one test owns it; a test may poll ``hasExited`` from the thread that waits for it
/// (``offThePool(_:)``) while the test itself is suspended, never from two threads at once.
final class Gpsfake: @unchecked Sendable {
    let pid: pid_t
    let outputPath: String
    private let directory: String
    private var reaped = false

    /// `gpsfake` on PATH (or the Debian location), or `nil` when not installed.
    static var executable: String? { Integration.executable("gpsfake") }

    /// Starts gpsfake with `arguments`; stdout and stderr go to a file in its temporary directory.
    init(executable: String, arguments: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gpsfake-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        outputPath = directory + "/gpsfake.out"
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: directory)
            throw FakeGPSD.Failure(description: "posix_spawn gpsfake: \(String(cString: strerror(status)))")
        }
        pid = child
    }

    deinit { stop() }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// `true` once gpsfake has exited (it is reaped here).
    var hasExited: Bool {
        if !reaped {
            var status: Int32 = 0
            reaped = waitpid(pid, &status, WNOHANG) == pid
        }
        return reaped
    }

    /// `true` once gpsfake has fed its whole log and given up waiting: it has exited, or written the line
    /// "Test timed out" that `-W SEC` makes it write `SEC` seconds after the log's end.
    ///
    /// After that line gpsfake tears gpsd down and can linger in its own teardown for a long time, so a test
    /// waiting for the log's end must not wait for the exit alone.
    var hasPlayedLog: Bool { hasExited || output.contains("Test timed out") }

    /// Stops gpsd and gpsfake, reaps gpsfake and kills what is left of its group.
    ///
    /// Idempotent.
    func stop() {
        if !reaped {
            for child in Self.processes(where: { $0.parent == pid }) { kill(child, SIGTERM) }
            for _ in 0..<250 where !hasExited {
                usleep(20_000)  // bounded teardown poll (≤ 5 s), not a timing assertion
            }
        }
        if !reaped {
            kill(-pid, SIGKILL)  // the leader is alive, so the group id is still ours
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            reaped = true
        }
        // An orphaned gpsd keeps the group id in use, so it cannot name someone else's group.
        if !survivors.isEmpty {
            kill(-pid, SIGKILL)
            // A killed process lingers until the kernel has torn it down; the group is gone once none is left.
            for _ in 0..<250 where !survivors.isEmpty {
                usleep(20_000)  // bounded teardown poll (≤ 5 s), as above
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Live (non-zombie) members of gpsfake's process group; empty after ``stop()``.
    var survivors: [pid_t] {
        Self.processes(where: { $0.group == pid && $0.state != "Z" })
    }

    /// Scans /proc/<pid>/stat: "pid (comm) state ppid pgrp ...".
    private static func processes(where matches: ((parent: pid_t, group: pid_t, state: String)) -> Bool) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let id = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let parent = pid_t(fields[1]), let group = pid_t(fields[2]) else { return nil }
            return matches((parent, group, String(fields[0]))) ? id : nil
        }
    }
}
