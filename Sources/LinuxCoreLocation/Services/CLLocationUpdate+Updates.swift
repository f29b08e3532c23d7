extension CLLocationUpdate {
    /// The asynchronous sequence of ``CLLocationUpdate`` returned by ``CLLocationUpdate/liveUpdates(_:)``.
    ///
    /// Each iterator runs its own updates, from its creation until it is released or its task is cancelled.
    /// Source: Apple's CoreLocation documentation (`CLLocationUpdate.Updates`, iOS 17).
    public struct Updates: AsyncSequence, Sendable {
        /// The elements: updates.
        public typealias Element = CLLocationUpdate
        let live: LiveConfiguration
        let manager: LocationManagerConfiguration

        /// Starts updates and returns the iterator that delivers them.
        public func makeAsyncIterator() -> Iterator {
            Iterator(session: LiveUpdateSession(live: live, configuration: manager))
        }

        /// Delivers updates in the order the fixes came; releasing it stops them.
        ///
        /// The updates stop when the last copy of the iterator is released, at once, even while a callback holding
        /// the session runs on the callback queue.
        public struct Iterator: AsyncIteratorProtocol {
            let owner: LiveUpdateSession.Owner
            var base: AsyncStream<CLLocationUpdate>.Iterator

            init(session: LiveUpdateSession) {
                owner = LiveUpdateSession.Owner(session)
                base = session.stream.makeAsyncIterator()
            }

            /// The next update; `nil` when the task is cancelled.
            ///
            /// Never throws on Linux.
            public mutating func next() async throws -> CLLocationUpdate? {
                await base.next()
            }
        }
    }
}
