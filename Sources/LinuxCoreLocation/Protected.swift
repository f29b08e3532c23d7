/// A value behind a lock, for state that holds non-`Sendable` references (delegates, managers, regions)
/// which are only ever touched under the lock or on their owner's thread.
///
/// `Mutex` from Synchronization would demand that such values be sent into it; this wrapper takes on that
/// responsibility instead, which is why it is `@unchecked Sendable`.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

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
