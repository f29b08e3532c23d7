import Dispatch
import Foundation
import Synchronization

/// Standard output, written in large blocks with `write(2)`.
///
/// Encoders append to one buffer (``write(_:)``), which is written out when it holds ``blockSize`` bytes and
/// otherwise soon after, once the main queue has run the blocks already waiting on it (a burst of fixes is one
/// write, a live fix shows at once), before anything goes to standard error where the two can be seen interleaved
/// (``Terminal/writeError(_:)``), and before the process exits.
///
/// A failed write never traps: a closed pipe (`EPIPE`: the reader, such as `head`, has what it wanted) or
/// any other error (a full disk, a closed descriptor) is handed once to ``onFailure``, and everything
/// written after a failure is dropped. `SIGPIPE` is ignored (``Terminal/prepare()``), so a closed pipe is an
/// error code, not death by a signal. Thread-safe: the state sits behind an `NSLock` (a pthread mutex), which the
/// thread sanitizer sees, unlike `Mutex` from Synchronization, whose futex hand-over it reported as races.
final class StandardOutput: @unchecked Sendable {
    /// Why standard output cannot be written.
    enum Failure: Error, Equatable {
        /// The reading end of the pipe is closed (`EPIPE`).
        case closed
        /// Another error of `write(2)`, by its `errno`.
        case failed(Int32)

        /// What went wrong, for an error line.
        var reason: String {
            switch self {
            case .closed: "the pipe is closed"
            case .failed(let code): String(cString: strerror(code))
            }
        }
    }

    /// The process's standard output.
    static let shared = StandardOutput(descriptor: STDOUT_FILENO)

    /// The bytes gathered before a write.
    static let blockSize = 65_536

    private struct State {
        var buffer = OutputBuffer(capacity: StandardOutput.blockSize + 4096)
        /// Where each record (what one ``write(_:)`` appended) ends in ``buffer``.
        var recordEnds: [Int] = []
        /// Bytes of whole records written out so far.
        var written = 0
        /// What closes the document (GPX's trailer), written after the last whole record when a write fails.
        var closing: [UInt8]?
        var flushScheduled = false
        var failure: Failure?
        var onFailure: (@Sendable (Failure) -> Void)?
    }

    private let descriptor: Int32
    private let lock = NSLock()
    /// Accessed only under ``lock`` (``withState(_:)``).
    @exclusivity(unchecked) private var state = State()
    /// When the `write(2)` in progress started (``monotonicNow()``, nanoseconds), or 0 when none is.
    private let writeStarted = Atomic<UInt64>(0)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Runs `body` with exclusive access to the state.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// What to do when a write fails, instead of ending the process with a generic message: called once,
    /// on the thread that wrote.
    var onFailure: (@Sendable (Failure) -> Void)? {
        get { withState { $0.onFailure } }
        set { withState { $0.onFailure = newValue } }
    }

    /// The failure that stopped the output, if any.
    var failure: Failure? { withState { $0.failure } }

    /// How long the write in progress has been waiting, in seconds (0 or more); 0 when no write is in progress.
    ///
    /// A write that takes long is blocked: its reader does not read (a full pipe). Read without the lock that the
    /// writing thread holds, so a signal handler on another thread can tell that the writer is stuck.
    var blockedFor: Double {
        let started = writeStarted.load(ordering: .acquiring)
        guard started > 0 else { return 0 }
        return Double(Self.monotonicNow() &- started) / 1e9
    }

    /// The monotonic clock in nanoseconds, never 0.
    private static func monotonicNow() -> UInt64 { max(1, DispatchTime.now().uptimeNanoseconds) }

    /// Sets what closes the document (GPX's trailer), or `nil` for formats whose records stand alone.
    ///
    /// When a write to a regular file fails (a full disk), the file is cut back to its last whole record and this
    /// is written after it, if it fits, so that the file stays a valid document.
    func setClosing(_ text: String?) {
        withState { $0.closing = text.map { Array($0.utf8) } }
    }

    /// Appends what `build` writes to the buffer, as one record, and writes the buffer out when it is full.
    ///
    /// A record is what a failing write to a regular file never leaves cut: the file is truncated to the end of the
    /// last record written whole.
    func write(_ build: (inout OutputBuffer) -> Void) {
        let (failure, scheduleFlush) = withState { state -> (Failure?, Bool) in
            guard state.failure == nil else { return (nil, false) }
            build(&state.buffer)
            state.recordEnds.append(state.buffer.count)
            if state.buffer.count >= Self.blockSize { return (writeOut(&state), false) }
            defer { state.flushScheduled = true }
            return (nil, !state.flushScheduled)
        }
        if let failure { report(failure) }
        if scheduleFlush { DispatchQueue.main.async { self.flush() } }
    }

    /// Writes out what the buffer holds.
    ///
    /// - Returns: The failure that stopped the output, now or before; `nil` if all was written.
    @discardableResult
    func flush() -> Failure? {
        let (failure, isNew) = withState { state -> (Failure?, Bool) in
            state.flushScheduled = false
            if let failure = state.failure { return (failure, false) }
            return (writeOut(&state), true)
        }
        if let failure, isNew { report(failure) }
        return failure
    }

    private func report(_ failure: Failure) {
        let handler = withState { $0.onFailure }
        guard let handler else {
            // A reader that closed the pipe (`| head`) ends the command quietly, as Docs/CLI.md says.
            if failure == .closed { Terminal.exit(.success) }
            Terminal.exit(.outputFailed, "cannot write to standard output: \(failure.reason)")
        }
        handler(failure)
    }

    /// Writes the whole buffer, retrying after interruptions and partial writes; records a failure.
    private func writeOut(_ state: inout State) -> Failure? {
        defer {
            state.buffer.removeAll()
            state.recordEnds.removeAll(keepingCapacity: true)
        }
        writeStarted.store(Self.monotonicNow(), ordering: .releasing)
        defer { writeStarted.store(0, ordering: .releasing) }
        var written = 0
        let failure = state.buffer.bytes.withUnsafeBytes { Self.writeAll($0, to: descriptor, written: &written) }
        state.failure = failure
        if failure == nil {
            state.written += written
        } else {
            cutToWholeRecords(&state, writtenOfBuffer: written)
        }
        return failure
    }

    /// Cuts a regular file back to its last whole record after a failed write.
    ///
    /// Truncates the file to the end of the last record written whole, then writes the closing text there if there
    /// is one and it fits (else the file ends with the last whole record). Pipes and devices are left alone: what
    /// went out cannot be taken back.
    private func cutToWholeRecords(_ state: inout State, writtenOfBuffer written: Int) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        let position = lseek(descriptor, 0, SEEK_CUR)
        guard position >= off_t(written) else { return }
        let kept = state.recordEnds.last { $0 <= written } ?? 0
        let end = position - off_t(written - kept)
        guard ftruncate(descriptor, end) == 0, lseek(descriptor, end, SEEK_SET) == end else { return }
        state.written += kept
        guard let closing = state.closing, state.written > 0 else { return }
        var closed = 0
        let failure = closing.withUnsafeBytes { Self.writeAll($0, to: descriptor, written: &closed) }
        if failure != nil { _ = ftruncate(descriptor, end) }
    }

    /// Writes all of `bytes` to `descriptor`: retries after `EINTR` and partial writes, waits with `poll(2)`
    /// when the descriptor is non-blocking and full (`EAGAIN`).
    ///
    /// - Returns: The failure, or `nil` when every byte was written.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Failure? {
        var written = 0
        return writeAll(bytes, to: descriptor, written: &written)
    }

    /// ``writeAll(_:to:)``, counting in `written` the bytes that went out, a failure or not.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, written offset: inout Int) -> Failure? {
        offset = 0
        guard let start = bytes.baseAddress else { return nil }
        while offset < bytes.count {
            let written = systemWrite(descriptor, start + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            case EPIPE: return .closed
            case let code: return .failed(code)
            }
        }
        return nil
    }
}

/// `write(2)`, under a name that the methods called `write` do not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
