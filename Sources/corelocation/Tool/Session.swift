import Dispatch
import Foundation
import LocationBlocks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What every long-running command shares: the output writer, the way to finish (flushing output first),
/// Ctrl-C handling, an optional `--duration` limit, and the end when standard output fails: quietly with
/// status 0 when its reader closed the pipe (`| head`), with ``ExitStatus/outputFailed`` and an error line
/// otherwise.
///
/// Lives on the main thread, whose queue serves the
/// managers' callbacks while `dispatchMain()` runs.
final class Session: @unchecked Sendable {  // used on the main thread only
    let writer: EventWriter
    private var cleanups: [() -> Void] = []
    private var signalSources: [DispatchSourceSignal] = []
    private var started = Date()

    init(writer: EventWriter) {
        self.writer = writer
        StandardOutput.shared.onFailure = { [unowned self] failure in
            if failure == .closed { finish(.success) }
            finish(.outputFailed, "cannot write to standard output: \(failure.reason)")
        }
    }

    /// Runs `cleanup` before the process exits (close a recording, print a summary).
    func onFinish(_ cleanup: @escaping () -> Void) {
        cleanups.append(cleanup)
    }

    /// Finishes cleanly on Ctrl-C (SIGINT), SIGTERM and SIGHUP, with status 130, 143 and 129 (a GPX output is
    /// closed, a recording flushed and summed up), and after `duration` seconds (wall clock) with status 0.
    ///
    /// The signals are taken on a queue of their own, so that they are heard while the main thread is blocked
    /// writing to standard output (a full pipe whose reader does not read): the clean finish is queued on the main
    /// thread, and if the main thread is then found stuck in a write, the process ends at once with the same status
    /// (``endWhileOutputIsBlocked(_:)``).
    func start(duration: TimeInterval?) {
        started = Date()
        let signals = DispatchQueue(label: "corelocation.signals")
        for (number, status) in [(SIGINT, ExitStatus.interrupted), (SIGTERM, .terminated), (SIGHUP, .hungUp)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: signals)
            source.setEventHandler { [unowned self] in
                DispatchQueue.main.async { self.finish(status) }
                Self.endWhileOutputIsBlocked(status, checkingOn: signals)
            }
            source.resume()
            signalSources.append(source)
        }
        if let duration {
            DispatchQueue.main.asyncAfter(deadline: .now() + duration) { [unowned self] in finish(.success) }
        }
    }

    /// The line written when a finite provider ends: `gpx:walk.gpx finished: 120 fixes written in 15.2 s`,
    /// followed by what the update filters dropped, if anything (``FilterDropReport``):
    /// `…; 12 fixes dropped by the age filter (last 9.9 years old)`.
    func summary(of provider: String, filterStatistics: LocationUpdateFilterStatistics) -> String {
        let line =
            "\(provider) finished: \(writer.summary) written in \(Numbers.fixed(Date().timeIntervalSince(started), 1)) s"
        return FilterDropReport(filterStatistics).text.map { "\(line); \($0)" } ?? line
    }

    /// Ends the process with `status` as soon as a write to standard output has been blocked for
    /// ``blockedOutputGrace`` seconds, checking every 50 ms on `queue` until the clean finish exits.
    ///
    /// The blocked main thread holds the output's lock and cannot run the clean finish, and what is left to write
    /// could not be written anyway: one line on standard error says so, and `_exit` ends the process without
    /// touching the output.
    private static func endWhileOutputIsBlocked(_ status: ExitStatus, checkingOn queue: DispatchQueue) {
        guard StandardOutput.shared.blockedFor < blockedOutputGrace else {
            var line =
                "corelocation: standard output is blocked (its reader does not read): ending without writing the rest\n"
            line.withUTF8 { _ = StandardOutput.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
            _exit(status.rawValue)
        }
        queue.asyncAfter(deadline: .now() + 0.05) { endWhileOutputIsBlocked(status, checkingOn: queue) }
    }

    /// How long a write must have been waiting after a signal for the output to count as blocked, in seconds.
    static let blockedOutputGrace: TimeInterval = 0.2

    /// Flushes and closes the output, runs the clean-ups, and exits with `status`.
    func finish(_ status: ExitStatus, _ message: String? = nil) -> Never {
        for cleanup in cleanups.reversed() { cleanup() }
        writer.finish()
        Terminal.exit(status, message)
    }
}
