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
        public struct Iterator: AsyncIteratorProtocol {
            let session: LiveUpdateSession
            var base: AsyncStream<CLLocationUpdate>.Iterator

            init(session: LiveUpdateSession) {
                self.session = session
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
