import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What every long-running command shares: the output writer, the way to finish (flushing output first),
/// Ctrl-C handling and an optional `--duration` limit.
///
/// Lives on the main thread, whose queue serves the
/// managers' callbacks while `dispatchMain()` runs.
final class Session: @unchecked Sendable {  // used on the main thread only
    let writer: EventWriter
    private var cleanups: [() -> Void] = []
    private var signalSource: DispatchSourceSignal?

    init(writer: EventWriter) {
        self.writer = writer
    }

    /// Runs `cleanup` before the process exits (close a recording, print a summary).
    func onFinish(_ cleanup: @escaping () -> Void) {
        cleanups.append(cleanup)
    }

    /// Finishes cleanly on Ctrl-C with status 130, and after `duration` seconds (wall clock) with status 0.
    func start(duration: TimeInterval?) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        source.setEventHandler { [unowned self] in finish(.interrupted) }
        source.resume()
        signalSource = source
        if let duration {
            DispatchQueue.main.asyncAfter(deadline: .now() + duration) { [unowned self] in finish(.success) }
        }
    }

    /// Flushes and closes the output, runs the clean-ups, and exits with `status`.
    func finish(_ status: ExitStatus, _ message: String? = nil) -> Never {
        for cleanup in cleanups.reversed() { cleanup() }
        writer.finish()
        Terminal.exit(status, message)
    }
}
