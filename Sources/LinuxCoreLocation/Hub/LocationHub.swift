import Dispatch
import Foundation
import LocationSupport

// The route of a fix, from the provider to the delegate (file: function per hop):
//
//   the provider's thread                           │ the callback thread: a dispatch queue, or a run loop
//   ────────────────────────────────────────────────┼─────────────────────────────────────────────────────────
//   LocationProvider: the handler given to start    │
//     │ one event                                   │
//     ▼                                             │
//   LocationHub.swift: dispatch, post               │
//     │ valid fixes only; for each app that         │
//     │ monitors regions, a RegionDecision          │
//     │ (LocationApp.swift: deciding), the app's    │
//     │ lock held until every lane has the event    │
//     │                                             │
//     │ one Delivery per Lane (the provider's       │
//     │ managers on one callback thread)            │
//     ▼                                             │
//   CallbackMailbox.swift: post ── one hop ─────────┼──▶ CallbackMailbox+Hop.swift: runHop, runSteps
//     at most 256 waiting; a replay waits           │      │ each manager of the lane in turn, all the
//     for room (CallbackMailbox+Room.swift)         │      │ lane's waiting events in order
//                                                   │      ▼
//                                                   │    LocationManagerEngine+Delivery.swift: handle
//                                                   │      │ (region events: LocationApp.swift: events(of:))
//                                                   │      ▼
//                                                   │    LocationManagerEngine+Fixes.swift: handleFixes
//                                                   │      │ one turn of the engine's lock decides the calls
//                                                   │      ▼
//                                                   │    the delegate, then each observer (Receivers.call)
//
// Everything else a manager tells its delegate (authorization changes, errors, the answers of requests) is a block
// performed on the same mailbox (CallbackMailbox.perform), so it keeps its place among the deliveries.

/// Runs each provider only while some manager needs it, and hands its events to the managers that do, once per
/// callback thread.
///
/// The rules of the route drawn above:
/// - **Start and stop.** ``setNeed(_:of:for:)`` starts a provider for its first manager and stops it after its last,
///   in order on one serial queue, so that a stop and a start from different threads cannot cross; events are
///   handed on under a lock that no provider call holds, so a provider can stop while an event is on its way
///   without a deadlock.
/// - **Once per thread.** The provider's managers are grouped by callback thread (``Lane``); each event is posted
///   once to each thread's ``CallbackMailbox``, with fixes of its own for each thread after the first (a fix object
///   shared by managers on several threads has its reference count updated by all of them at once, which cost more
///   than the copies). Fixes with a negative accuracy or an invalid coordinate are removed there, once.
/// - **A late joiner.** A manager that joins a running provider first gets the provider's latest fixes, as iOS hands
///   a starting manager its cached location: a provider that reports once per start (`fixed:`) or rarely would
///   otherwise leave it without a fix.
/// - **Pacing.** A provider whose ``LocationProvider/pacing`` waits for its consumers (a replay) is held back in its
///   handler until every mailbox it feeds has room, so it reads no further ahead of its slowest callback thread than
///   a mailbox holds; a live source is never held back, and a full mailbox drops its oldest events instead.
/// - **Regions.** For each app of the provider's managers that monitors regions, the event carries one
///   ``RegionDecision``, made while the hub holds the app's lock until the event is posted to every thread: no
///   manager can take the decision, and send its events to the others, before every thread has the fix (see
///   ``LocationApp``).
/// - **Lost fixes.** The hub keeps the provider's latest word on its fix and tells the managers when it changes (a
///   `fixLost` or `failed` event, or fixes after one), so that a start can report a lost fix at once.
final class LocationHub: Sendable {
    /// The process-wide hub.
    static let shared = LocationHub()

    /// Where a provider's events go: its lanes, and the apps of its managers in the order their locks are taken.
    private final class Routes: Sendable {
        let lanes: [Lane]
        let apps: [LocationApp]

        init(lanes: [Lane], apps: [LocationApp]) {
            self.lanes = lanes
            self.apps = apps
        }
    }

    /// A running provider and its managers; used only under the lock of ``entries``.
    ///
    /// A class, so that an event updates it in place: a struct in the dictionary was copied whole (its provider,
    /// subscribers and routes retained and released) by each event's read of it, 3 % of an NMEA replay. The
    /// provider's handler holds it, so it holds nothing that holds the provider once its managers are gone (their
    /// engines do): a stopped replay whose thread has not ended yet would keep the provider.
    private final class Entry: @unchecked Sendable {
        /// The provider, by identity.
        let key: ObjectIdentifier
        /// The provider's clock, read once: the time each event is received at.
        let clock: any LocationClock
        /// Whether the provider waits for its managers' threads to have room (a replay), never losing an event to a
        /// full mailbox: ``LocationProviderPacing/waitsForConsumers``, read once.
        let waitsForRoom: Bool
        var subscribers: [ObjectIdentifier: LocationManagerEngine] {
            didSet { cachedRoutes = nil }
        }
        /// The routes, made again by the first event after the subscribers change, not at each change (a thousand
        /// managers subscribing one by one would group them a thousand times).
        private var cachedRoutes: Routes?
        /// The fixes of the provider's latest `locations` event since it started.
        var latest: [CLLocation]?
        /// Whether the provider's latest word is that it has no fix (a `fixLost` or `failed` event not followed by
        /// fixes).
        var fixLost = false
        /// Whether the entry is still the provider's: cleared when its last manager leaves, so that an event the
        /// provider hands on while it stops, found through the entry its handler holds, goes nowhere.
        var isCurrent = true

        init(provider: any LocationProvider, subscribers: [ObjectIdentifier: LocationManagerEngine]) {
            key = ObjectIdentifier(provider)
            clock = provider.clock
            waitsForRoom = provider.pacing.waitsForConsumers
            self.subscribers = subscribers
        }

        /// The subscribers grouped by callback thread, and their apps.
        func routes() -> Routes {
            if let cachedRoutes { return cachedRoutes }
            let lanes = Dictionary(grouping: subscribers.values) { ObjectIdentifier($0.mailbox) }.values.map {
                Lane(provider: key, mailbox: $0[0].mailbox, engines: $0)
            }
            let apps = Dictionary(subscribers.values.map { (ObjectIdentifier($0.app), $0.app) }) { first, _ in first }
            let routes = Routes(lanes: lanes, apps: apps.sorted { $0.key < $1.key }.map(\.value))
            cachedRoutes = routes
            return routes
        }
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let lifecycle = DispatchQueue(label: "LinuxCoreLocation.LocationHub")

    /// Adds or removes `engine`'s need for `provider`, starting it for the first manager and stopping it after the
    /// last.
    ///
    /// Idempotent; returns once the provider has been started or stopped.
    func setNeed(_ needed: Bool, of engine: LocationManagerEngine, for provider: any LocationProvider) {
        lifecycle.sync {
            let key = ObjectIdentifier(provider)
            let engineKey = ObjectIdentifier(engine)
            enum Change {
                case start(Entry)
                case stop, none
            }
            let change: Change = entries.withLock { entries in
                if needed {
                    if entries[key] == nil {
                        let entry = Entry(provider: provider, subscribers: [engineKey: engine])
                        entries[key] = entry
                        return .start(entry)
                    }
                    guard let entry = entries[key], entry.subscribers.updateValue(engine, forKey: engineKey) == nil,
                        let latest = entry.latest, !latest.isEmpty
                    else { return .none }
                    // Under the lock, so that no newer event reaches the manager before these. A full mailbox of a
                    // provider that waits for room takes them beyond its bound (the provider then waits): dropping
                    // the oldest waiting event would take a fix from another manager of a replay, which loses none.
                    let lane = Lane(provider: key, mailbox: engine.mailbox, engines: [engine])
                    _ = Self.post(
                        .locations(latest), to: [lane], apps: [engine.app], receivedAt: entry.clock.now,
                        dropsOldest: !entry.waitsForRoom, moreFollow: false)
                    return .none
                }
                guard let entry = entries[key], entry.subscribers.removeValue(forKey: engineKey) != nil,
                    entry.subscribers.isEmpty
                else { return .none }
                entry.isCurrent = false
                entries[key] = nil
                return .stop
            }
            if !needed {
                // A replay waiting for this manager's thread to take its events must see it gone before it stops.
                CallbackMailbox.roomMayHaveChanged()
                engine.mailbox.handOver()
            }
            switch change {
            case .start(let entry): start(provider, entry: entry)
            case .stop:
                provider.stop()
                // An event routed to this manager before the stop and posted during it (the replay's hand-off
                // finishes before `stop()` returns) may be announced as followed by more: the hop that drops it,
                // and lets go of the engine it holds, must still be scheduled.
                engine.mailbox.handOver()
            case .none: break
            }
        }
    }

    /// Starts `provider`, as its pacing says.
    ///
    /// The handler holds the hub strongly: loading a weak reference per event took the runtime's slow path twice. No
    /// cycle outlives the provider's stop, when the hub lets go of the provider. It holds the provider's entry too,
    /// which each event then finds without a look-up in ``entries`` (it reads ``Entry/isCurrent`` instead).
    private func start(_ provider: any LocationProvider, entry: Entry) {
        let pacing = provider.pacing
        let waits = entry.waitsForRoom
        guard let start = pacing.startAnnouncingBursts else {
            provider.start { [self] event in dispatch(event, to: entry, waitsForRoom: waits, moreFollow: false) }
            return
        }
        start { [self] (delivery: consuming ReplayPacer.Delivery) in
            switch consume delivery {
            case .event(let event, let moreFollow):
                dispatch(event, to: entry, waitsForRoom: waits, moreFollow: moreFollow)
            case .handOver:
                for lane in entries.withLock({ _ in entry.isCurrent ? entry.routes().lanes : [] }) {
                    lane.mailbox.handOver()
                }
            }
        }
    }

    /// Whether `provider` is running for at least one manager.
    func isRunning(_ provider: any LocationProvider) -> Bool {
        entries.withLock { $0[ObjectIdentifier(provider)] != nil }
    }

    /// Posts `event` to every callback thread of the provider's managers; for a provider that waits for its
    /// consumers, then waits until every thread has room for the next one, or is gone.
    ///
    /// The event is handed on to the first lane's mailbox, not copied: each copy was a retain and a release of the
    /// fixes' array, which the callback thread retains and releases too.
    private func dispatch(
        _ event: consuming LocationProviderEvent, to entry: Entry, waitsForRoom: Bool, moreFollow: Bool
    ) {
        let found = entries.withLock { _ -> (Routes, fixLost: Bool?)? in
            guard entry.isCurrent else { return nil }
            var fixLost: Bool?
            switch event {
            case .locations(let fixes):
                // Fixes with a negative accuracy or an invalid coordinate are removed here, once for every manager.
                if fixes.allSatisfy(Self.isValid) {
                    entry.latest = fixes
                } else {
                    let valid = fixes.filter(Self.isValid)
                    entry.latest = valid
                    event = .locations(valid)
                }
                if entry.fixLost { fixLost = false }
            case .fixLost, .failed: fixLost = true
            case .heading, .finished: break
            }
            if let fixLost { entry.fixLost = fixLost }
            return (entry.routes(), fixLost)
        }
        guard let (routes, fixLost) = found else { return }
        if let fixLost {
            for lane in routes.lanes { for engine in lane.engines { engine.providerDidChangeFix(lost: fixLost) } }
        }
        let hasRoom = Self.post(
            event, to: routes.lanes, apps: routes.apps, receivedAt: entry.clock.now, dropsOldest: !waitsForRoom,
            moreFollow: moreFollow)
        guard waitsForRoom, !hasRoom else { return }
        CallbackMailbox.waitForRoom {
            entries.withLock { _ in entry.isCurrent ? entry.routes().lanes.map(\.mailbox) : [] }
        }
    }

    /// Posts `event` to each lane, each lane after the first with fixes of its own, and with the region decisions of
    /// the apps among `apps` that monitor regions, their locks held until every lane has it; returns whether every
    /// lane's mailbox still has room (read as it took the event, in the same turn of its lock).
    private static func post(
        _ event: consuming LocationProviderEvent, to lanes: [Lane], apps: [LocationApp], receivedAt now: Date,
        dropsOldest: Bool, moreFollow: Bool
    ) -> Bool {
        // Whether some app monitors regions first: the fixes are not looked at (a copy of their array) otherwise.
        guard apps.contains(where: \.monitorsRegions), let fixes = Self.fixes(of: event), !fixes.isEmpty else {
            return post(
                event, to: lanes, regions: [], receivedAt: now, dropsOldest: dropsOldest, moreFollow: moreFollow)
        }
        var hasRoom = true
        deciding(fixes, for: apps.filter(\.monitorsRegions)[...], []) { decisions in
            hasRoom = post(
                copy event, to: lanes, regions: decisions, receivedAt: now, dropsOldest: dropsOldest,
                moreFollow: moreFollow)
        }
        return hasRoom
    }

    /// Posts `event` with `regions` to each lane, each lane after the first with fixes of its own; returns whether
    /// every lane's mailbox still has room.
    private static func post(
        _ event: consuming LocationProviderEvent, to lanes: [Lane], regions: [RegionDecision], receivedAt now: Date,
        dropsOldest: Bool, moreFollow: Bool
    ) -> Bool {
        if lanes.count == 1 {
            // One callback thread, the usual case: the event itself moves into its mailbox.
            let lane = lanes[0]
            return CallbackMailbox.post(
                Delivery(event: event, receivedAt: now, lane: lane, regions: regions), to: lane.unretainedMailbox,
                dropsOldest: dropsOldest, moreFollow: moreFollow)
        }
        var hasRoom = true
        for (index, lane) in lanes.enumerated() {
            let delivery = Delivery(
                event: index == 0 ? copy event : Self.copy(event), receivedAt: now, lane: lane, regions: regions)
            let posted = CallbackMailbox.post(
                delivery, to: lane.unretainedMailbox, dropsOldest: dropsOldest, moreFollow: moreFollow)
            if !posted { hasRoom = false }
        }
        return hasRoom
    }

    /// Makes the decision of `fixes` for each of `apps` in turn, holding each app's lock, and runs `body` with them
    /// all while holding every lock; `apps` sorted by identity, so that two providers take the same locks in the same
    /// order.
    private static func deciding(
        _ fixes: [CLLocation], for apps: ArraySlice<LocationApp>, _ decisions: [RegionDecision],
        then body: ([RegionDecision]) -> Void
    ) {
        guard let app = apps.first else { return body(decisions) }
        app.deciding(fixes) { decision in deciding(fixes, for: apps.dropFirst(), decisions + [decision], then: body) }
    }

    /// The fixes of a `locations` event; `nil` for another event.
    private static func fixes(of event: borrowing LocationProviderEvent) -> [CLLocation]? {
        guard case .locations(let fixes) = copy event else { return nil }
        return fixes
    }

    /// Whether a manager may deliver `fix`: a negative accuracy, or an invalid coordinate, says it may not.
    private static func isValid(_ fix: CLLocation) -> Bool {
        fix.horizontalAccuracy >= 0 && CLLocationCoordinate2DIsValid(fix.coordinate)
    }

    /// `event` with fixes of its own: equal values, new objects (a subclass of `CLLocation` is kept as it is).
    private static func copy(_ event: LocationProviderEvent) -> LocationProviderEvent {
        guard case .locations(let fixes) = event else { return event }
        return .locations(fixes.map { type(of: $0) == CLLocation.self ? CLLocation(storage: $0.storage) : $0 })
    }
}
