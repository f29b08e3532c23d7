import Dispatch
import Foundation
import Synchronization

/// Something that receives a provider's events from the hub: a manager's engine.
protocol LocationHubSubscriber: AnyObject, Sendable {
    /// Called on the provider's queue for every event while subscribed; must not block.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - receivedAt: The time on the provider's clock when it arrived.
    ///   - dropsOldest: Whether the subscriber makes room by dropping its oldest waiting event when it is
    ///     full (a live source), rather than counting on the hub to hold the provider back (a replay).
    ///   - moreFollow: Whether more events follow at once (a burst of a replay), so that the subscriber may wait
    ///     for them before waking its callback thread.
    ///   - batch: Where to gather the subscriber's hop to its callback thread, when the event goes to several.
    func receive(
        _ event: LocationProviderEvent, receivedAt: Date, dropsOldest: Bool, moreFollow: Bool, batch: HopBatch?)

    /// Whether the subscriber can take another event now; a replay waits until every subscriber can.
    var hasRoom: Bool { get }

    /// What identifies the thread or queue the subscriber's callbacks run on: subscribers with the same one share
    /// one copy of each fix.
    var callbackThread: ObjectIdentifier { get }

    /// Wakes the callback thread for the events received with `moreFollow` and not handed over yet: the
    /// provider stopped before the end of the burst.
    func handOverWaitingEvents()
}

/// Runs each provider only while some manager needs it, and fans its events out to every manager that does.
///
/// Starting and stopping happen in order on one serial queue, so a stop and a start from different threads
/// cannot cross; events are passed on under a lock that no provider call holds, so a provider can stop
/// while an event is being delivered without a deadlock. A manager that joins a running provider first gets
/// the provider's latest fixes, as iOS hands a starting manager its cached location: a provider that reports
/// once per start (`fixed:`) or rarely would otherwise leave it without a fix.
///
/// Backpressure (issue 16): a provider whose ``LocationProvider/pacing`` waits for its consumers (a replay) is held
/// back in its handler until every subscriber has room for the next event, so it reads no further ahead of its
/// slowest manager than a manager's mailbox holds; a live source is never held back, and its subscribers drop their
/// oldest waiting events instead (``ManagerMailbox``).
final class LocationHub: Sendable {
    /// The process-wide hub.
    static let shared = LocationHub()

    private struct Entry {
        let provider: any LocationProvider
        var subscribers: [ObjectIdentifier: any LocationHubSubscriber] {
            didSet { cachedReceivers = nil }
        }
        /// The subscribers as an array, made again by the first event after they change, not at each change (a
        /// thousand managers subscribing one by one would copy the dictionary a thousand times).
        private var cachedReceivers: [any LocationHubSubscriber]?
        /// The fixes of the provider's latest `locations` event since it started.
        var latest: [CLLocation]?
        /// Whether an event is being handed to several subscribers, whose callback threads may start on it before the
        /// last subscriber has it.
        var dispatching = false
        /// What waits for that event to reach every subscriber (``afterCurrentEvent(of:_:)``).
        var afterDispatch: [@Sendable () -> Void] = []

        init(provider: any LocationProvider, subscribers: [ObjectIdentifier: any LocationHubSubscriber]) {
            self.provider = provider
            self.subscribers = subscribers
        }

        /// The subscribers, as the array each event is handed to: those of one callback thread next to each other,
        /// so that each thread can be woken as soon as the last of its subscribers has the event.
        mutating func receivers() -> [any LocationHubSubscriber] {
            if let cachedReceivers { return cachedReceivers }
            let receivers = Dictionary(grouping: subscribers.values, by: \.callbackThread).values.flatMap { $0 }
            cachedReceivers = receivers
            return receivers
        }
    }

    /// Signalled whenever a subscriber takes events or leaves, for replays waiting for room.
    private static let demand = NSCondition()
    /// How many replays wait on ``demand``: subscribers signal it only when some do.
    private static let waiters = Atomic<Int>(0)

    private let entries = Protected<[ObjectIdentifier: Entry]>([:])
    private let lifecycle = DispatchQueue(label: "LinuxCoreLocation.LocationHub")

    /// Adds or removes `subscriber`'s need for `provider`, starting it for the first subscriber and stopping it
    /// after the last.
    ///
    /// Idempotent; returns once the provider has been started or stopped.
    func setNeed(_ needed: Bool, of subscriber: any LocationHubSubscriber, for provider: any LocationProvider) {
        lifecycle.sync {
            let key = ObjectIdentifier(provider)
            let subscriberKey = ObjectIdentifier(subscriber)
            enum Change { case start, stop, none }
            var orphans: [@Sendable () -> Void] = []
            let change: Change = entries.withLock { entries in
                if needed {
                    if entries[key] == nil {
                        entries[key] = Entry(provider: provider, subscribers: [subscriberKey: subscriber])
                        return .start
                    }
                    guard entries[key]?.subscribers.updateValue(subscriber, forKey: subscriberKey) == nil,
                        let latest = entries[key]?.latest
                    else { return .none }
                    // Under the lock, so that no newer event reaches the subscriber before these.
                    subscriber.receive(
                        .locations(latest), receivedAt: provider.clock.now, dropsOldest: true, moreFollow: false,
                        batch: nil)
                    return .none
                }
                guard entries[key]?.subscribers.removeValue(forKey: subscriberKey) != nil else { return .none }
                guard entries[key]?.subscribers.isEmpty == true else { return .none }
                orphans = entries[key]?.afterDispatch ?? []
                entries[key] = nil
                return .stop
            }
            for action in orphans { action() }
            if !needed {
                // A replay waiting for this subscriber to take its events must see it gone before it stops.
                Self.consumersTookEvents()
                subscriber.handOverWaitingEvents()
            }
            switch change {
            case .start:
                let pacing = provider.pacing
                let waits = pacing.waitsForConsumers
                if let start = pacing.startAnnouncingBursts {
                    start { [weak self] delivery in
                        switch delivery {
                        case .event(let event, let moreFollow):
                            self?.dispatch(event, from: key, waitsForRoom: waits, moreFollow: moreFollow)
                        case .handOver: self?.handOverWaitingEvents(from: key)
                        }
                    }
                } else {
                    provider.start { [weak self] event in
                        self?.dispatch(event, from: key, waitsForRoom: waits, moreFollow: false)
                    }
                }
            case .stop: provider.stop()
            case .none: break
            }
        }
    }

    /// Whether `provider` is running for at least one subscriber.
    func isRunning(_ provider: any LocationProvider) -> Bool {
        entries.withLock { $0[ObjectIdentifier(provider)] != nil }
    }

    /// Hands `event` to every subscriber; for a replay, then waits until every subscriber has room for the next
    /// one, or is gone.
    private func dispatch(
        _ event: LocationProviderEvent, from key: ObjectIdentifier, waitsForRoom: Bool, moreFollow: Bool
    ) {
        let (subscribers, clock) = entries.withLock { entries -> ([any LocationHubSubscriber], (any LocationClock)?) in
            // One lookup per event, the entry updated in place (three `entries[key]?` cost 4 % of a GPX replay).
            guard let index = entries.index(forKey: key) else { return ([], nil) }
            if case .locations(let fixes) = event { entries.values[index].latest = fixes }
            let receivers = entries.values[index].receivers()
            entries.values[index].dispatching = receivers.count > 1
            return (receivers, entries.values[index].provider.clock)
        }
        guard let now = clock?.now else { return }
        // A callback thread is woken once its subscribers (next to each other) all have the event: one wake-up per
        // thread, and the first threads start on it while this thread serves the others. What their handling shares
        // with other managers waits for the end of the loop (``afterCurrentEvent(of:_:)``), so that nothing caused by
        // the event reaches a manager before the event itself.
        let batch = subscribers.count > 1 ? HopBatch() : nil
        // Each callback thread gets fixes of its own: a fix object shared by managers on several threads has its
        // reference count updated by all of them at once, and that contention cost more than the copies.
        var thread: ObjectIdentifier?
        var copy = event
        for subscriber in subscribers {
            let subscriberThread = subscriber.callbackThread
            if subscriberThread != thread {
                batch?.performAll()
                if thread != nil { copy = Self.copy(event) }
                thread = subscriberThread
            }
            subscriber.receive(copy, receivedAt: now, dropsOldest: !waitsForRoom, moreFollow: moreFollow, batch: batch)
        }
        batch?.performAll()
        if batch != nil { finishDispatch(from: key) }
        // The common case, room everywhere, needs neither the condition's lock nor a second look at the entries.
        guard waitsForRoom, !subscribers.allSatisfy(\.hasRoom) else { return }
        Self.demand.lock()
        // Counted before the room is checked, and a subscriber takes events before it reads the count: either
        // this check sees the room, or the subscriber sees a waiter and signals.
        Self.waiters.add(1, ordering: .sequentiallyConsistent)
        defer {
            Self.waiters.subtract(1, ordering: .sequentiallyConsistent)
            Self.demand.unlock()
        }
        while !entries.withLock({ ($0[key]?.receivers() ?? []).allSatisfy(\.hasRoom) }) {
            Self.demand.wait()
        }
    }

    /// Runs `action` once the event `provider` is handing to several subscribers has reached all of them; at once when
    /// it is handing out none.
    ///
    /// For what a subscriber's callback thread, woken before the last subscriber has the event, sends to other
    /// managers because of it (the region events it shares): they get the event first.
    func afterCurrentEvent(of provider: any LocationProvider, _ action: @escaping @Sendable () -> Void) {
        let deferred = entries.withLock { entries in
            guard let index = entries.index(forKey: ObjectIdentifier(provider)), entries.values[index].dispatching
            else { return false }
            entries.values[index].afterDispatch.append(action)
            return true
        }
        if !deferred { action() }
    }

    /// Ends the hand-out of an event to several subscribers: runs what waited for it.
    private func finishDispatch(from key: ObjectIdentifier) {
        let waiting = entries.withLock { entries -> [@Sendable () -> Void] in
            guard let index = entries.index(forKey: key) else { return [] }
            entries.values[index].dispatching = false
            defer { entries.values[index].afterDispatch = [] }
            return entries.values[index].afterDispatch
        }
        for action in waiting { action() }
    }

    /// `event` with fixes of its own: equal values, new objects (a subclass of `CLLocation` is kept as it is).
    private static func copy(_ event: LocationProviderEvent) -> LocationProviderEvent {
        guard case .locations(let fixes) = event else { return event }
        return .locations(fixes.map { type(of: $0) == CLLocation.self ? CLLocation(storage: $0.storage) : $0 })
    }

    /// Has every subscriber of the provider hand the events of an unfinished burst to its callback thread.
    private func handOverWaitingEvents(from key: ObjectIdentifier) {
        for subscriber in entries.withLock({ $0[key]?.receivers() ?? [] }) { subscriber.handOverWaitingEvents() }
    }

    /// Wakes the replays waiting for room, if any: call after a subscriber took events, or left.
    static func consumersTookEvents() {
        guard waiters.load(ordering: .sequentiallyConsistent) > 0 else { return }
        demand.lock()
        demand.broadcast()
        demand.unlock()
    }
}
