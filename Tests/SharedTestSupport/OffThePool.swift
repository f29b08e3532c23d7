import Foundation

/// Runs a blocking wait on a thread of its own and awaits its result.
///
/// Swift Testing runs tests on the cooperative thread pool, which has one thread per core: two on the CI
/// machine. A test that blocks one of them for most of a minute (waiting for gpsfake to play a log, for a
/// replay to finish) leaves the asynchronous tests waiting for a thread. Integration tests wrap their long
/// waits in this, so the pool stays free while they wait.
public func offThePool<T: Sendable>(_ wait: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: wait()) }
    }
}
