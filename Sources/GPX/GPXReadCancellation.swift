import Foundation
import Synchronization

/// Wakes a GPX read that is waiting on a pipe, a FIFO or a device, from another thread.
///
/// A regular file never makes a read wait, but a FIFO without a writer, or a pipe whose writer stalls, would hold
/// the reading thread in `open(2)` or `read(2)` for as long as the other side pleases: a stream opened with
/// ``GPXReader/events(contentsOf:cancellation:)`` opens such files without blocking and waits for them in `poll(2)`
/// together with this object's pipe, so that ``cancel()`` ends the wait at once. The read then throws a
/// ``GPXDiagnostic`` of kind `io` (`reading was cancelled`), and so does every later read of the stream.
///
/// Thread-safe: ``cancel()`` may be called from any thread, any number of times.
public final class GPXReadCancellation: Sendable {
    /// The pipe's read end, which a cancelled object makes readable; −1 when the system had no pipe to give
    /// (then ``cancel()`` only sets the flag, which reads check between waits).
    let descriptor: Int32
    private let writeEnd: Int32
    private let cancelled = Atomic<Bool>(false)

    /// Creates an object that has not been cancelled.
    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)  // cancel() never blocks, however often it is called
        } else {
            ends = [-1, -1]
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        for end in [descriptor, writeEnd] where end >= 0 { _ = closeDescriptor(end) }
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Ends a wait in progress and makes every later read of the streams using this object throw.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
