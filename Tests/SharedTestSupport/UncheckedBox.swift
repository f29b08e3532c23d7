/// A box that moves a non-Sendable value across threads in tests, where the test synchronises the hand-over itself
/// (a queue, a semaphore, a callback thread's `sync`).
///
/// `@unchecked Sendable`: the box adds no lock; a test that reads ``value`` on one thread and writes it on another
/// without such a hand-over races.
public final class UncheckedBox<Value>: @unchecked Sendable {
    /// The value carried.
    public var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }
}
