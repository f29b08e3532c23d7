import Dispatch

/// A serial queue that confines the state of a ``LocationRequestCenter`` or ``LocationStreams`` and their
/// managers, and can tell whether the current code already runs on it.
struct CallbackQueue: @unchecked Sendable {
    // `DispatchSpecificKey` is not `Sendable`, but it is only used as an identity for `getSpecific`.
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()

    init(_ queue: DispatchQueue) {
        self.queue = queue
        queue.setSpecific(key: key, value: true)
    }

    /// Runs `body` on the queue and returns its result: at once when already there, else synchronously.
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        DispatchQueue.getSpecific(key: key) == true ? try body() : try queue.sync(execute: body)
    }
}
