import Foundation
import LinuxCoreLocation

/// Signals the first fix.
final class FirstFixDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let firstFix = DispatchSemaphore(value: 0)
    private var signalled = false  // touched only on the callback queue

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        if !signalled { firstFix.signal() }
        signalled = true
    }
}

/// Release of a file, then idle wake-ups.
///
/// A paced replay (`nmea:FILE?speed=1`, so the file stays open) is stopped after its first fix; timed from
/// `stopUpdatingLocation()` returning until no descriptor of the process is open on the file (polled in
/// `/proc/self/fd`). Then, with the managers stopped but alive, the threads that run during two 2 s windows
/// of idling are listed (per thread, from `/proc/self/task/*/status`).
func measureRelease(_ input: BenchInput, runs: Int) -> [ReportRow] {
    var releases: [Double] = []
    var closedAtFirstCheck = 0
    var stopCalls: [Double] = []
    var idleManager: CLLocationManager?
    for _ in 0..<max(1, runs) {
        let queue = DispatchQueue(label: "corelocation-bench.release")
        let delegate = FirstFixDelegate()
        let provider = freshReplayProvider(path: input.path, options: ReplayOptions(speed: .factor(1)))
        let manager = queue.sync {
            let manager = CLLocationManager(configuration: benchConfiguration(provider, queue: queue))
            manager.delegate = delegate
            manager.startUpdatingLocation()
            return manager
        }
        guard delegate.firstFix.wait(timeout: .now() + 10) == .success,
            ProcessStatus.hasOpenDescriptor(on: input.path)
        else { return [ReportRow("release, file", "no fix within 10 s or file not open", "")] }
        let start = monotonicNanoseconds()
        queue.sync { manager.stopUpdatingLocation() }
        let stopped = monotonicNanoseconds()
        if !ProcessStatus.hasOpenDescriptor(on: input.path) { closedAtFirstCheck += 1 }
        while ProcessStatus.hasOpenDescriptor(on: input.path), monotonicNanoseconds() - stopped < 5_000_000_000 {
            usleep(50)
        }
        releases.append(Double(monotonicNanoseconds() - stopped) / 1e6)
        stopCalls.append(Double(stopped - start) / 1e6)
        idleManager = manager
    }
    sleep(1)  // let dispatch's worker threads settle after the stop
    let windows = [idleWakeUps(seconds: 2), idleWakeUps(seconds: 2)]
    withExtendedLifetime(idleManager) {}
    // Every release must meet the target, so the worst run decides.
    let (best, worst) = (releases.min() ?? .nan, releases.max() ?? .nan)
    return [
        ReportRow(
            "release, nmea file (stop → file closed)",
            String(format: "worst %.2f ms, best %.2f ms (%d runs)", worst, best, releases.count),
            String(
                format:
                    "closed at the first check (one /proc/self/fd scan) in %d of %d; stopUpdatingLocation itself %.2f ms; "
                    + "target < 50 ms in the worst run: %@",
                closedAtFirstCheck, releases.count, stopCalls.min() ?? .nan, verdict(worst < 50))),
        ReportRow(
            "idle wake-ups, all managers stopped (two 2 s windows)",
            windows.map { $0.woken.isEmpty ? "none" : $0.woken.joined(separator: ", ") }.joined(separator: " / "),
            "threads that switched, per window, after 1 s settling; \(windows.last?.threads ?? 0) threads; "
                + verdict(windows.allSatisfy { $0.woken.isEmpty && $0.exited == 0 })),
    ]
}

/// The threads that ran during `seconds` of the main thread sleeping ("name ×switches"), the number of
/// threads then, and how many exited meanwhile.
func idleWakeUps(seconds: UInt32) -> (woken: [String], threads: Int, exited: Int) {
    let before = ProcessStatus.contextSwitchesByThread()
    sleep(seconds)
    let after = ProcessStatus.contextSwitchesByThread()
    let main = String(getpid())  // the main thread's id is the process id
    // Threads that switched, except the main thread's own sleep; threads that appeared count in full.
    let woken = after.compactMap { thread, now -> String? in
        let switches = now.switches - (before[thread]?.switches ?? 0) - (thread == main ? 1 : 0)
        return switches > 0 ? "\(thread == main ? "main thread" : now.name) ×\(switches)" : nil
    }.sorted()
    return (woken, after.count, before.keys.filter { after[$0] == nil }.count)
}
