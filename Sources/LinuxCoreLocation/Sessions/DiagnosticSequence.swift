/// The diagnostics of a ``CLServiceSession`` or a ``CLBackgroundActivitySession``, as an asynchronous
/// sequence: the current state when iteration begins, then one element per change, until the session ends.
///
/// **Linux only** as a name: apps write `CLServiceSession.Diagnostics` and
/// `CLBackgroundActivitySession.Diagnostics`, which are this class. Each iterator gets every element; never
/// throws on Linux. Thread-safe.
public final class DiagnosticSequence<Element: Equatable & Sendable>: AsyncSequence, Sendable {
    private let feed: DiagnosticFeed<Element>

    init(feed: DiagnosticFeed<Element>) {
        self.feed = feed
    }

    /// Returns the iterator, which gets the current state first.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: feed.stream().makeAsyncIterator())
    }

    /// Produces the diagnostics in the order they changed.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Element>.Iterator

        /// The next diagnostic; `nil` once the session has ended or the task is cancelled.
        ///
        /// Never throws on Linux.
        public mutating func next() async throws -> Element? {
            await base.next()
        }
    }
}
