import Foundation

/// A value behind an `NSLock`, for test state shared between threads.
///
/// Not `Synchronization.Mutex`: on Linux its contended path hands the lock over through a priority-inheriting
/// futex that ThreadSanitizer cannot see, so concurrent tests using it were reported as races under
/// `swift test --sanitize=thread` (the concurrent D-Bus calls test, CI clone 2026-11-30).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the lock holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    ///
    /// - Throws: What `body` throws.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
