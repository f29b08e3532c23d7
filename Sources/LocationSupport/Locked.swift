import Foundation

/// A value behind a lock: the one lock wrapper of the package (the mirror, LocationBlocks, the tests).
///
/// It is an `NSLock` (a pthread mutex), not `Mutex` from Synchronization, for two reasons: the values held here
/// include non-`Sendable` references (delegates, managers, regions, closures) that are only touched under the lock
/// or on their owner's thread, which `Mutex` would refuse; and on Linux `Mutex` hands a contended lock over through
/// priority-inheriting futexes that ThreadSanitizer cannot see, so `swift test --sanitize=thread` reported races
/// that were not there (the concurrent D-Bus calls test, CI clone 2026-11-30).
///
/// Inlinable, so that each module specialises it for its own values: the mirror delivers each fix through it to
/// every manager.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    /// Accessed only under `lock`, which already makes every access exclusive: the runtime's dynamic
    /// exclusivity check (`swift_beginAccess`, about 8 % of a fix's delivery to 1,000 managers) is redundant.
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Creates the lock holding `value`.
    @inlinable public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result; never call out to user code inside.
    ///
    /// - Throws: What `body` throws.
    @inlinable public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` with exclusive access to the value and `argument`, which it owns, and returns its result; never
    /// call out to user code inside.
    ///
    /// For a value to move into the locked one without a copy: a closure can only copy what it captures (a retain
    /// and a release of each reference in it).
    @inlinable public func withLock<Argument, Result>(
        passing argument: consuming Argument, _ body: (inout Value, consuming Argument) -> Result
    ) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value, argument)
    }
}
