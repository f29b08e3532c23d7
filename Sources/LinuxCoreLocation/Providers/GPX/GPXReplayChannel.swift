import Foundation

/// A bounded queue of replay items from the thread that reads a GPX document to the replay that plays it.
///
/// The reading thread blocks while ``capacity`` items wait, so memory stays bounded whatever the file's size;
/// ``cancel()`` (when the replay stops or rewinds) wakes it, and its next ``put(_:)`` throws ``Cancelled`` so it
/// stops reading. Thread-safe: every member takes one condition lock.
final class GPXReplayChannel: @unchecked Sendable {
    /// Thrown to the reading thread once the replay no longer wants items.
    struct Cancelled: Error {}

    /// The most items waiting at once.
    static let capacity = 64

    private let condition = NSCondition()
    private var items: [ReplayItem] = []
    private var end: (any Error)??
    private var cancelled = false

    /// Adds an item, waiting while the queue is full.
    ///
    /// - Throws: ``Cancelled`` once the channel is cancelled.
    func put(_ item: ReplayItem) throws {
        try condition.withLock {
            while items.count >= Self.capacity, !cancelled { condition.wait() }
            guard !cancelled else { throw Cancelled() }
            items.append(item)
            if items.count == 1 { condition.broadcast() }  // the reader may be waiting for an item
        }
    }

    /// Throws ``Cancelled`` once the channel is cancelled, so a long scan can stop early.
    func checkCancelled() throws {
        if condition.withLock({ cancelled }) { throw Cancelled() }
    }

    /// Ends the stream: after the waiting items, ``take()`` returns `nil` (`error == nil`) or throws `error`.
    func close(with error: (any Error)?) {
        condition.withLock {
            end = .some(error)
            condition.broadcast()
        }
    }

    /// The next item, waiting until one arrives; `nil` at the end.
    ///
    /// - Throws: The error the stream was closed with.
    func take() throws -> ReplayItem? {
        try condition.withLock {
            while items.isEmpty, end == nil { condition.wait() }
            if !items.isEmpty {
                if items.count == Self.capacity { condition.broadcast() }  // the producer may be waiting for room
                return items.removeFirst()
            }
            if case .some(.some(let error)) = end { throw error }
            return nil
        }
    }

    /// Tells the reading thread to stop.
    func cancel() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
        }
    }
}
