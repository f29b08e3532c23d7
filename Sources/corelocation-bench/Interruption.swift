import Foundation
import Synchronization

/// Cleanup when the bench is interrupted (SIGINT, SIGTERM): kills the running external tool, removes the
/// temporary files, and exits with status 128 + the signal's number, as a shell reports a signal.
///
/// Thread-safe: the state sits in a `Mutex`; the handlers run on a global dispatch queue.
enum Interruption {
    private static let state = Mutex<(paths: Set<String>, child: pid_t?)>(([], nil))

    /// Installs the handlers; keep the returned sources alive for the whole run.
    ///
    /// The default actions are ignored first so the signals reach the dispatch sources instead of ending the
    /// process.
    static func install() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { cleanUpAndExit(signal: number) }
            source.resume()
            return source
        }
    }

    /// Removes `path` if the run is interrupted (before or after the file exists).
    static func removeOnInterruption(_ path: String) { state.withLock { _ = $0.paths.insert(path) } }

    /// The external tool now running (`nil` when none), killed if the run is interrupted.
    static func setChild(_ child: pid_t?) { state.withLock { $0.child = child } }

    private static func cleanUpAndExit(signal number: Int32) -> Never {
        let (paths, child) = state.withLock { ($0.paths, $0.child) }
        // SIGKILL: the child inherited the ignored SIGINT/SIGTERM dispositions unless its spawn reset them.
        if let child {
            kill(child, SIGKILL)
            _ = waitpid(child, nil, 0)  // gone before we exit (ECHILD if Foundation reaped it first)
        }
        for path in paths { unlink(path) }
        FileHandle.standardError.write(Data("corelocation-bench: interrupted by signal \(number)\n".utf8))
        exit(128 + number)
    }
}
