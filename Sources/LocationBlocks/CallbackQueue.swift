import Dispatch
import Foundation

/// A serial queue that confines the state of a ``LocationRequestCenter`` or ``LocationStreams`` and their
/// managers, and can tell whether the current code already runs on it.
struct CallbackQueue: @unchecked Sendable {
    // `DispatchSpecificKey` is not `Sendable`, but it is only used as an identity for `getSpecific`.
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()
    private let isMain: Bool

    init(_ queue: DispatchQueue) {
        self.queue = queue
        queue.setSpecific(key: key, value: true)
        // Not `queue === .main`: on Linux, every read of `DispatchQueue.main` makes a new wrapper of the one queue.
        isMain = DispatchQueue.main.getSpecific(key: key) == true
    }

    /// Whether the current code runs on the queue: inside one of its blocks, or, for the main queue, on the main
    /// thread.
    ///
    /// For the main queue, the main thread counts as there even inside another queue's `sync` (where `getSpecific`
    /// sees that queue): no main-queue block can run while the main thread runs code.
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true || (isMain && Thread.isMainThread)
    }

    /// Runs `body` on the queue: at once when already there, else after what the queue holds; never waits for it.
    func run(_ body: @escaping @Sendable () -> Void) {
        isCurrent ? body() : queue.async(execute: body)
    }

    /// Runs `body` on the queue and returns its result: at once when already there (see ``isCurrent``), else
    /// synchronously.
    ///
    /// A `main.sync` made on the main thread would never return (a crash found by issue 27's tester); made while the
    /// queue's thread waits for the caller, it would never return either, which is why ``LocationRequestCenter``
    /// uses ``run(_:)``.
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        if isCurrent { return try body() }
        return try queue.sync(execute: body)
    }
}
