import Dispatch
import Foundation
import LinuxCoreLocation
import LocationBlocks

/// The write end of the pipe that carries signals to the main queue (``Session/start(duration:)``); set once,
/// before the handlers that read it are installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// What every long-running command shares: the output writer, the way to finish (flushing output first),
/// Ctrl-C handling, an optional `--duration` limit, and the end when standard output fails: quietly with
/// status 0 when its reader closed the pipe (`| head`), with ``ExitStatus/outputFailed`` and an error line
/// otherwise.
///
/// Isolated to the main actor: made and used by the commands' `run()`, the callbacks of managers made there (the
/// main queue's), and blocks the tool queues on the main queue.
@MainActor final class Session {
    let writer: EventWriter
    /// What the command writes, for its summary: `fix`, `heading`, `region event`, `visit` (``OutputContent``).
    let noun: String
    private var cleanups: [@MainActor () -> Void] = []
    private var signalSource: DispatchSourceRead?
    private var started = Date()
    /// The summary line written when a signal, `--duration` or `--count` ends the command, given how it ended
    /// (`interrupted`, `reached --duration`, `reached --count`); `nil` for none.
    var endingSummary: (@MainActor (String) -> String)?

    init(writer: EventWriter, noun: String = "fix") {
        self.writer = writer
        self.noun = noun
        StandardOutput.shared.onFailure = { [unowned self] failure in
            // A failure is reported by the write or flush that met it, and the tool writes standard output only on
            // the main queue (the commands, the managers' callbacks, the flushes StandardOutput queues there);
            // `assumeIsolated` checks that queue (libdispatch may serve it from another thread under
            // `dispatchMain()`) and traps were it ever otherwise.
            MainActor.assumeIsolated {
                if failure == .closed { finish(.success) }
                finish(.outputFailed, "cannot write to standard output: \(failure.reason)")
            }
        }
    }

    /// Runs `cleanup` before the process exits (close a recording, print a summary).
    func onFinish(_ cleanup: @escaping @MainActor () -> Void) {
        cleanups.append(cleanup)
    }

    /// Finishes cleanly on Ctrl-C (SIGINT), SIGTERM and SIGHUP, with status 130, 143 and 129 (a GPX output is
    /// closed, a recording flushed and summed up), and after `duration` seconds (wall clock) with status 0 and, as
    /// the other ends, the summary line (``endingSummary``: `… reached --duration: 3 fixes written in 3.0 s`).
    ///
    /// The signals reach the main queue through a pipe: their handler writes the signal's number to it (`write(2)`
    /// is async-signal-safe) and a read source drains it. libdispatch's signal sources read a `signalfd` on Linux,
    /// which sees only a signal that the receiving thread blocks, so with the signal ignored a `kill` that the
    /// kernel gave to another thread was lost (the run went on to its end: SignalEndingTests, about 1 run in 3).
    ///
    /// The pipe is drained on a queue of its own, so that a signal is heard while the main thread is blocked writing
    /// to standard output (a full pipe whose reader does not read): the clean finish is queued on the main thread,
    /// and if the main thread is then found stuck in a write, the process ends at once with the same status
    /// (``endWhileOutputIsBlocked(_:checkingOn:)``).
    func start(duration: TimeInterval?) {
        started = Date()
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            signalPipe = ends[1]
            let signals = DispatchQueue(label: "corelocation.signals")
            let source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: signals)
            let readEnd = ends[0]
            // `@Sendable`: the handler runs on `signals`, not on the main actor this method is isolated to (a
            // closure formed here would otherwise be the main actor's, and its isolation check would trap).
            source.setEventHandler { @Sendable [unowned self] in
                var number: UInt8 = 0
                guard read(readEnd, &number, 1) == 1 else { return }
                let statuses: [Int32: ExitStatus] = [SIGINT: .interrupted, SIGTERM: .terminated, SIGHUP: .hungUp]
                let status = statuses[Int32(number)] ?? .interrupted
                DispatchQueue.main.async { self.finish(status) }
                Self.endWhileOutputIsBlocked(status, checkingOn: signals)
            }
            source.resume()
            signalSource = source
            Self.installSignalHandlers()
        }
        if let duration {
            DispatchQueue.main.asyncAfter(deadline: .now() + duration) { [unowned self] in
                finish(.success, summarizing: "reached --duration")
            }
        }
    }

    /// Installs the handlers of SIGINT, SIGTERM and SIGHUP, which write the signal's number to ``signalPipe``.
    ///
    /// They run on an alternate stack of the main thread's own: once `dispatchMain()` has ended the main thread's
    /// Swift frames without returning from them, the main thread waits for signals on a stack that the address
    /// sanitizer still marks as those frames' (a handler there was reported as a stack-buffer-underflow).
    nonisolated private static func installSignalHandlers() {
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)  // for the process's life
        stack.ss_size = size
        _ = sigaltstack(&stack, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipe, &byte, 1)
        }
        action.sa_flags = SA_ONSTACK | SA_RESTART
        sigemptyset(&action.sa_mask)
        for number in [SIGINT, SIGTERM, SIGHUP] { _ = sigaction(number, &action, nil) }
    }

    /// The line written when a finite provider ends, or when a signal ends the command.
    ///
    /// For example `gpx:walk.gpx finished: 120 fixes written in 15.2 s` (`ending` names how: `finished`,
    /// `interrupted`), followed by what the update filters dropped, if anything (``FilterDropReport``):
    /// `…; 12 fixes dropped by the age filter (last 9.9 years old)`. A summary of nothing names what the command
    /// writes (``noun``): `0 fixes`, `0 headings`, `0 visits`.
    func summary(
        of provider: String, ending: String = "finished", filterStatistics: LocationUpdateFilterStatistics
    ) -> String {
        let elapsed = Numbers.fixed(Date().timeIntervalSince(started), 1)
        let line = "\(provider) \(ending): \(writer.summary(nothing: noun)) written in \(elapsed) s"
        return FilterDropReport(filterStatistics).text.map { "\(line); \($0)" } ?? line
    }

    /// Writes the error that ends the command as an event in JSON Lines, whose readers see only standard output;
    /// other formats leave it to the error line on standard error.
    func writeEndingError(_ error: CLError) {
        if writer.format == .jsonLines { writer.write(.error(error)) }
    }

    /// Ends the process with `status` as soon as a write to standard output has been blocked for
    /// ``blockedOutputGrace`` seconds, checking every 50 ms on `queue` until the clean finish exits.
    ///
    /// The blocked main thread holds the output's lock and cannot run the clean finish, and what is left to write
    /// could not be written anyway: one line on standard error says so, and `_exit` ends the process without
    /// touching the output.
    nonisolated private static func endWhileOutputIsBlocked(_ status: ExitStatus, checkingOn queue: DispatchQueue) {
        guard StandardOutput.shared.blockedFor < blockedOutputGrace else {
            var line =
                "corelocation: standard output is blocked (its reader does not read): ending without writing the rest\n"
            line.withUTF8 { _ = StandardOutput.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
            _exit(status.rawValue)
        }
        queue.asyncAfter(deadline: .now() + 0.05) { endWhileOutputIsBlocked(status, checkingOn: queue) }
    }

    /// How long a write must have been waiting after a signal for the output to count as blocked, in seconds.
    nonisolated static let blockedOutputGrace: TimeInterval = 0.2

    /// Flushes and closes the output, runs the clean-ups, and exits with `status`.
    ///
    /// - Parameters:
    ///   - status: The exit status.
    ///   - message: The error line, if the command ends on an error.
    ///   - ending: How the command ended, for the summary line (``endingSummary``); a signal's status names its own
    ///     (`interrupted`, `terminated`, `hung up`).
    func finish(_ status: ExitStatus, _ message: String? = nil, summarizing ending: String? = nil) -> Never {
        for cleanup in cleanups.reversed() { cleanup() }
        writer.finish()
        // Ctrl-C, SIGTERM, SIGHUP, --duration and --count end a live command as a provider's end does: with what was
        // written.
        let endings: [ExitStatus: String] = [
            .interrupted: "interrupted", .terminated: "terminated", .hungUp: "hung up",
        ]
        if message == nil, let ending = ending ?? endings[status], let summary = endingSummary?(ending) {
            Terminal.note(summary)
        }
        Terminal.exit(status, message)
    }
}
