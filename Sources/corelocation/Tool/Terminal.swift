import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Standard output and error, and the few facts about them the tool needs.
enum Terminal {
    /// Whether standard output is a terminal (text format by default) or a pipe or file (JSON Lines).
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal (live status lines).
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes `text` to standard output as is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error, prefixed `corelocation: `.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("corelocation: \(message)\n".utf8))
    }

    /// Writes text to standard error as is (status lines).
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Ends the process: prints `message` (if any) as an error line, then exits with `status`.
    static func exit(_ status: ExitStatus, _ message: String? = nil) -> Never {
        if let message { note(status == .success ? message : "error: \(message)") }
        Foundation.exit(status.rawValue)
    }
}
