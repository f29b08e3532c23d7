import Glibc
import LocationSupport

/// Messages for the person running the program, on standard error.
///
/// A library must never take its host down because standard error is gone, so a message is written with
/// `write(2)` on descriptor 2 and simply dropped when that fails: a closed descriptor (`2>&-`, `EBADF`), a full
/// device (`2>/dev/full`, `ENOSPC`), a pipe whose reader has gone (`EPIPE`) or one nobody reads (no room within
/// ``maximumWait``). The `SIGPIPE` a write to a closed pipe raises is blocked on the writing thread while it
/// writes and then taken back, so it neither kills the process nor reaches the host's own handler; the process's
/// signal dispositions are left alone.
enum Diagnostics {
    private static let shown = Locked<Set<String>>([])

    /// The longest a message waits for room in a full pipe before it is dropped, in seconds.
    static let maximumWait = 0.1

    /// Writes `message` to standard error as one line, prefixed with `LinuxCoreLocation: `, its control
    /// characters written as `\u{1B}` (``DiagnosticText``: paths and URIs come from users and files).
    static func warn(_ message: String) {
        write(Array("LinuxCoreLocation: \(DiagnosticText.oneLine(message))\n".utf8), to: STDERR_FILENO)
    }

    /// A count and its noun, singular for one: `1 sentence`, `3 sentences`, `1 fix` (`plural` when the noun
    /// does not take an `s`).
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
    }

    /// A diagnostic line naming its source: `SOURCE: MESSAGE`.
    ///
    /// A source that already ends with a colon, such as the bare URI `geoclue:`, reads `geoclue: MESSAGE`, not
    /// `geoclue:: MESSAGE`.
    static func line(_ source: String, _ message: String) -> String {
        (source.hasSuffix(":") ? source : source + ":") + " " + message
    }

    /// Writes `message` once per process for `key`; later calls with the same key do nothing.
    static func hint(_ key: String, _ message: String) {
        guard shown.withLock({ $0.insert(key).inserted }) else { return }
        warn(message)
    }

    /// Writes all of `bytes` to `descriptor`, or as much as it takes before an error; never raises `SIGPIPE`.
    ///
    /// - Returns: Whether every byte was written.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        var written = 0
        var attempts = 0
        while written < bytes.count {
            attempts += 1
            guard attempts <= 16 else { return false }  // a signal storm or a descriptor that never takes a byte
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, Int32(maximumWait * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, entry.revents & Int16(POLLNVAL) == 0 else { return false }
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written)
            }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                if errno == EPIPE, !wasPending {
                    var immediately = timespec()
                    _ = sigtimedwait(&pipeSignal, nil, &immediately)  // the SIGPIPE this write raised
                }
                return false
            }
            written += count
            attempts = 0
        }
        return true
    }
}
