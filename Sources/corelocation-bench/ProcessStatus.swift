import Foundation

/// Readings of this process from `/proc/self` (Linux).
enum ProcessStatus {
    /// Resets the peak RSS (VmHWM) so the next reading covers only what follows.
    static func resetPeakResident() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// A `kB` field of `/proc/self/status` (`VmHWM`, `VmRSS`), in kB.
    static func kilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// Voluntary context switches of each thread of the process, by thread id, with the thread's name, from
    /// `/proc/self/task/*/status`.
    ///
    /// A thread that wakes and blocks again adds one; preemption of a running thread by another process
    /// (involuntary switches, frequent on a loaded machine) is not a wake-up and is left out.
    static func contextSwitchesByThread() -> [String: (name: String, switches: Int)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var result: [String: (name: String, switches: Int)] = [:]
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8)
            else { continue }
            let lines = status.split(separator: "\n")
            let name = lines.first { $0.hasPrefix("Name:") }?.split(separator: "\t").last.map(String.init) ?? "?"
            let switches =
                lines
                .filter { $0.hasPrefix("voluntary_ctxt_switches:") }
                .compactMap { $0.split(separator: "\t").last.flatMap { Int($0) } }
                .reduce(0, +)
            result[task] = (name, switches)
        }
        return result
    }

    /// The number of threads of the process.
    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    /// Whether one of the process's descriptors is open on `path`.
    static func hasOpenDescriptor(on path: String) -> Bool {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path
        }
    }

    /// `uptime`'s load averages, from `/proc/loadavg`.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return text.split(separator: " ").prefix(3).joined(separator: ", ")
    }
}
