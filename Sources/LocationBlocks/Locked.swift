import Foundation

/// A value behind a lock, for state that holds closures or managers (not `Sendable`) and is read from the
/// callback thread while another thread may set it.
///
/// An `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`, whose futex-based lock on Linux the
/// thread sanitizer cannot see, so that `swift test --sanitize=thread` checks this module's locking.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Accessed only under `lock`, so the runtime's dynamic exclusivity check is redundant.
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value; never call out to user code inside.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
