import Foundation

extension CLMonitor {
    /// A change in the state of a monitored condition.
    ///
    /// Source: Apple's CoreLocation documentation (`CLMonitor.Event`, iOS 17).
    public struct Event: Sendable {
        /// Whether a condition holds; Apple's raw values.
        public enum State: UInt, Sendable {
            /// Not known yet. Raw value 0.
            case unknown = 0
            /// The condition holds: the device is inside the circle. Raw value 1.
            case satisfied = 1
            /// The condition does not hold. Raw value 2.
            case unsatisfied = 2
            /// The condition is not monitored. Raw value 3.
            case unmonitored = 3
        }

        /// The identifier the condition was added with.
        public let identifier: String
        /// A more precise condition that caused the event; always `nil` for circular conditions.
        public let refinement: (any CLCondition)?
        /// The new state.
        public let state: State
        /// When the state was decided, on the monitor's clock.
        public let date: Date
    }

    /// A monitored condition and the last event about it.
    ///
    /// Source: Apple's CoreLocation documentation (`CLMonitor.Record`, iOS 17).
    public struct Record: Sendable {
        /// The condition being monitored.
        public let condition: any CLCondition
        /// The most recent event; before any, one with the state assumed when the condition was added.
        public let lastEvent: Event
    }

    /// The events of a monitor, as an asynchronous sequence that never throws and ends only when the
    /// monitor is gone.
    ///
    /// Iterate it from one task at a time: each event is delivered once. Source: Apple's CoreLocation
    /// documentation (`CLMonitor.Events`, iOS 17).
    public struct Events: AsyncSequence, Sendable {
        /// The elements: events.
        public typealias Element = Event
        let stream: AsyncStream<Event>

        /// Returns the iterator.
        public func makeAsyncIterator() -> Iterator {
            Iterator(base: stream.makeAsyncIterator())
        }

        /// Produces the events in the order they happened.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<Event>.Iterator

            /// The next event; `nil` once the monitor is gone or the task is cancelled.
            ///
            /// Never throws.
            public mutating func next() async throws -> Event? {
                await base.next()
            }
        }
    }
}
