/// A value behind a lock: the one lock type of this module.
///
/// It is an `NSLock` (a pthread mutex), not `Mutex` from Synchronization, for two reasons: state here holds
/// non-`Sendable` references (delegates, managers, regions) that are only touched under the lock or on their
/// owner's thread, which `Mutex` would refuse; and on Linux `Mutex` hands a contended lock over through
/// priority-inheriting futexes that ThreadSanitizer cannot see, so it reports races that are not there.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Accessed only under `lock`, which already makes every access exclusive: the runtime's dynamic
    /// exclusivity check (`swift_beginAccess`, about 8 % of a fix's delivery to 1,000 managers) is redundant.
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
