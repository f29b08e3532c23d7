import Foundation
import LocationSupport

/// Standard output and error, and the few facts about them the tool needs.
///
/// Nothing here traps when a stream is closed or full: standard output reports its failure
/// (``StandardOutput``), and what cannot be written to standard error is dropped.
enum Terminal {
    /// Makes failing streams safe before anything else runs: `SIGPIPE` is ignored, so that writing to a
    /// closed pipe fails with `EPIPE` instead of killing the process, and a standard descriptor that is
    /// closed (`2>&-`) is opened on `/dev/null` — for standard output read-only, so that its writes fail and
    /// are reported — so that no file the tool opens takes its number and receives its text.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", flags)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Whether standard output is a terminal (text format by default) or a pipe or file (JSON Lines).
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal (live status lines).
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes `text` to standard output as is (buffered, see ``StandardOutput``).
    static func write(_ text: String) {
        StandardOutput.shared.write { $0.append(contentsOf: text) }
    }

    /// Writes one line to standard error, prefixed `corelocation: `, its control characters written as `\u{1B}`
    /// (``DiagnosticText``: a path or provider URI from the command line can hold any of them).
    static func note(_ message: String) {
        writeError("corelocation: \(DiagnosticText.oneLine(message))\n")
    }

    /// Writes text to standard error as is (status lines), after what standard output holds where the two can be
    /// seen interleaved, so that a terminal shows both in the order they were written; dropped if standard error
    /// cannot take it.
    ///
    /// Standard output is written out first only where the order can be seen (``notesFollowOutput``): a replay that
    /// loses its fix a few thousand times wrote out a few kilobytes of output before each note (issue 30).
    static func writeError(_ text: String) {
        if notesFollowOutput { StandardOutput.shared.flush() }
        var text = text
        text.withUTF8 { _ = StandardOutput.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }

    /// Whether a note on standard error must follow what standard output holds.
    ///
    /// It need not when standard output is a device other than a terminal (`/dev/null`, which keeps nothing to see,
    /// even with standard error: `>/dev/null 2>&1`), or a regular file that standard error is not also writing to
    /// (the same device and inode, whatever the names: `> log 2>&1`, or a hard link): there the order of the two
    /// cannot be seen. Decided once, at the first note (the descriptors are set up before it). Standard error that
    /// reaches the same file through another process (`2> >(ts >> log)`) cannot be told apart and is not ordered.
    private static let notesFollowOutput: Bool = {
        var output = stat()
        var error = stat()
        guard fstat(STDOUT_FILENO, &output) == 0 else { return true }
        let kind = output.st_mode & S_IFMT
        if kind == S_IFCHR { return isatty(STDOUT_FILENO) != 0 }
        guard kind == S_IFREG else { return true }
        guard fstat(STDERR_FILENO, &error) == 0 else { return false }
        return output.st_dev == error.st_dev && output.st_ino == error.st_ino
    }()

    /// Ends the process: writes out standard output, prints `message` (if any) as an error line, then exits
    /// with `status`.
    ///
    /// A success becomes ``ExitStatus/outputFailed`` when standard output could not be written, except
    /// through a closed pipe, whose reader has stopped reading on purpose (`| head`).
    static func exit(_ status: ExitStatus, _ message: String? = nil) -> Never {
        var (status, message) = (status, message)
        if let failure = StandardOutput.shared.flush(), failure != .closed, status == .success {
            (status, message) = (.outputFailed, "cannot write to standard output: \(failure.reason)")
        }
        if let message { note(status == .success ? message : "error: \(message)") }
        Foundation.exit(status.rawValue)
    }
}
