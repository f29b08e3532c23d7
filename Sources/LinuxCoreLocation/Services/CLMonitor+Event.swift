import Foundation

extension CLMonitor {
    /// A change in the state of a monitored condition.
    ///
    /// The iOS 18 flags say what keeps events from flowing, as the engine knows it. Source: Apple's CoreLocation
    /// documentation (`CLMonitor.Event`, iOS 17 and 18).
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

        /// The app has reduced accuracy only (iOS 18): its ``LocationAuthorization`` grants
        /// ``CLAccuracyAuthorization/reducedAccuracy``.
        public let accuracyLimited: Bool
        /// The app's authorization is denied, Location Services being on (iOS 18).
        public let authorizationDenied: Bool
        /// Location Services are off (iOS 18): the authorization's switch is off, or no provider is configured or
        /// found, the rule of `CLLocationManager.locationServicesEnabled()`.
        public let authorizationDeniedGlobally: Bool
        /// An authorization request is waiting for the policy's answer (iOS 18).
        public let authorizationRequestInProgress: Bool
        /// The app's authorization is restricted (iOS 18).
        public let authorizationRestricted: Bool
        /// The app monitors more conditions than allowed (iOS 18); always `false` on Linux, which sets no limit.
        public let conditionLimitExceeded: Bool
        /// The condition cannot be monitored (iOS 18): `true` for a condition type Linux cannot decide (the
        /// event's state is then ``State-swift.enum/unmonitored``); beacon conditions are supported but never
        /// observed, so they stay in their assumed state with this flag `false`.
        public let conditionUnsupported: Bool
        /// The app is not in use enough for its authorization (iOS 18); always `false` on Linux, which has no
        /// background.
        public let insufficientlyInUse: Bool
        /// The monitor's conditions cannot be stored to outlive the process (iOS 18): always `true` on Linux,
        /// where a monitor's records live as long as the process (iOS keeps them across launches).
        public let persistenceUnavailable: Bool
        /// The app needs a service session it lacks (iOS 18); always `false` on Linux, which has no Info.plist to
        /// ask for explicit sessions.
        public let serviceSessionRequired: Bool

        init(
            identifier: String, state: State, date: Date, facts: AuthorizationFacts,
            conditionUnsupported: Bool = false
        ) {
            self.identifier = identifier
            self.refinement = nil
            self.state = state
            self.date = date
            accuracyLimited = facts.accuracyLimited
            authorizationDenied = facts.denied
            authorizationDeniedGlobally = facts.deniedGlobally
            authorizationRequestInProgress = facts.requestInProgress
            authorizationRestricted = facts.restricted
            conditionLimitExceeded = false
            self.conditionUnsupported = conditionUnsupported
            insufficientlyInUse = false
            persistenceUnavailable = true
            serviceSessionRequired = false
        }

        /// The same event with the flags of `facts`: what a change of authorization reports for a record.
        func with(_ facts: AuthorizationFacts, at date: Date) -> Event {
            Event(
                identifier: identifier, state: state, date: date, facts: facts,
                conditionUnsupported: conditionUnsupported)
        }
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
