import Foundation

/// What one manager has waiting for its callback target: the provider's events and the blocks the manager
/// performed, in the order they came, run by one hop to the target per burst.
///
/// A burst is what arrives before the hop starts, and, for a replay as fast as possible, the events announced
/// as followed by more (up to ``burstSize``): the callback thread is woken once for them, not per event.
///
/// The events are bounded (``capacity``), so a callback thread that falls behind, or whose run loop never
/// runs, does not make the process grow without end (issue 16). When the events are at capacity, a replay
/// waits for room (the hub holds the provider back: ``hasRoom``); a live source, which cannot wait, has its
/// oldest waiting event dropped — counted in ``droppedLocationCount`` and told once on standard error. The
/// end of a provider (`finished`, `failed`) is never dropped. Blocks are not bounded: the app performs them.
final class ManagerMailbox: Sendable {
    /// An event with what the engine needs to handle it.
    struct Event {
        var event: LocationProviderEvent
        /// The engine's location generation when the event arrived.
        var generation: Int
        /// The time on the provider's clock when the event arrived.
        var receivedAt: Date
    }

    private enum Entry {
        case event(Event)
        case block(@Sendable () -> Void)
    }

    private struct State {
        var entries: [Entry] = []
        /// The storage of the entries the last hop ran, emptied, for the next ones: no allocation per hop.
        var spare: [Entry] = []
        var events = 0
        var scheduled = false
        var droppedLocations = 0
        /// What handles the events: the engine, held strongly from ``open(_:)`` until ``close()``.
        var handle: (@Sendable (Event) -> Void)?
    }

    /// The most events waiting for one manager.
    ///
    /// A replay reads at most this far ahead of the slowest of its managers; a live source
    /// loses its oldest fixes to a manager this far behind. 256 events are 4 minutes of a 1 Hz receiver,
    /// about 80 kB.
    static let capacity = 256

    /// The most events of an announced burst held back before the callback thread is woken to start on them.
    static let burstSize = 64

    /// Where the entries run.
    let target: CallbackTarget
    private let state = Protected(State())

    /// Creates a mailbox running its entries on `target`; events wait for ``open(_:)``.
    init(target: CallbackTarget) {
        self.target = target
    }

    /// Hands the events to `handle` from now on, until ``close()``.
    ///
    /// `handle` is held strongly, and taken under the lock each hop takes anyway: a weak reference to the engine
    /// cost a load of it per event, for every manager.
    func open(_ handle: @escaping @Sendable (Event) -> Void) {
        state.withLock { $0.handle = handle }
    }

    /// Releases the handler: events of later hops are dropped; blocks still run.
    func close() {
        // Returned, so that the engine is released after the lock: its deinit may do anything.
        _ = state.withLock { state in
            defer { state.handle = nil }
            return state.handle
        }
    }

    /// Runs `block` on the target after everything posted before it.
    func perform(_ block: @escaping @Sendable () -> Void) {
        post(.block(block), dropsOldest: false, moreFollow: false)
    }

    /// Queues a provider's event for the target.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - dropsOldest: Whether to make room by dropping the oldest waiting event when at capacity (a live
    ///     source); a replay waits for ``hasRoom`` instead.
    ///   - moreFollow: Whether more events follow at once, so that the hop may wait for them (up to
    ///     ``burstSize`` events).
    ///   - batch: Where to gather the hop, if one is needed, when the event goes to many managers at once.
    func post(_ event: Event, dropsOldest: Bool, moreFollow: Bool, batch: HopBatch? = nil) {
        post(.event(event), dropsOldest: dropsOldest, moreFollow: moreFollow, batch: batch)
    }

    /// Schedules the hop for what waits, if none is scheduled: the end of a burst that was cut short.
    func handOver() {
        state.withLock { state in
            guard !state.scheduled, !state.entries.isEmpty else { return }
            state.scheduled = true
            scheduleHop()
        }
    }

    /// Whether fewer than ``capacity`` events wait.
    var hasRoom: Bool { state.withLock { $0.events < Self.capacity } }

    /// Fixes dropped because the target fell behind a live source.
    var droppedLocationCount: Int { state.withLock { $0.droppedLocations } }

    private func post(_ entry: Entry, dropsOldest: Bool, moreFollow: Bool, batch: HopBatch? = nil) {
        let dropped = state.withLock { state -> Bool in
            var dropped = false
            if case .event = entry {
                if dropsOldest && state.events >= Self.capacity { dropped = Self.dropOldest(&state) }
                state.events += 1
            }
            state.entries.append(entry)
            guard !state.scheduled, !moreFollow || state.events >= Self.burstSize else { return dropped }
            state.scheduled = true
            if let batch { batch.add(self) } else { scheduleHop() }
            return dropped
        }
        if dropped { Diagnostics.hint("mailbox-overflow", Self.overflowNotice) }
    }

    /// The line written once when events are first dropped.
    ///
    /// It names the usual causes without guessing which one it is (issue 32: at a flood's rate the tool's
    /// callbacks waited for a slow standard output, and the line asked whether a run loop was running).
    static let overflowNotice =
        "a CLLocationManager's callbacks fall behind its provider: the thread they run on is busy or blocked — by the "
        + "callbacks themselves (work that takes long, output that is not taken as fast as the fixes come, such as "
        + "a pipe whose reader is slow) or because its run loop is not running; keeping the newest \(capacity) "
        + "events, dropping older ones (CLLocationManager.droppedLocationCount counts them)"

    /// Hands the hop to the target; called under the lock that marked it scheduled, so that a thread which then
    /// finds it scheduled can count on it being queued on the target before anything that thread queues there
    /// next (a `queue.sync {}` waiting for deliveries).
    private func scheduleHop() {
        target.perform { [self] in runHop() }
    }

    /// Removes the oldest waiting event that may be dropped; `false` when every waiting event is an end.
    private static func dropOldest(_ state: inout State) -> Bool {
        for (index, entry) in state.entries.enumerated() {
            guard case .event(let waiting) = entry else { continue }
            switch waiting.event {
            case .locations(let fixes): state.droppedLocations += fixes.count
            case .heading, .fixLost: break
            case .finished, .failed: continue
            }
            state.entries.remove(at: index)
            state.events -= 1
            return true
        }
        return false
    }

    /// On the target: runs everything posted before this hop started, in order.
    func runHop() {
        var (entries, handle) = state.withLock { state in
            var taken: [Entry] = []
            swap(&taken, &state.spare)
            swap(&taken, &state.entries)
            state.events = 0
            state.scheduled = false
            return (taken, state.handle)
        }
        if !entries.isEmpty { LocationHub.consumersTookEvents() }
        for entry in entries {
            switch entry {
            case .event(let event): handle?(event)
            case .block(let block): block()
            }
        }
        guard entries.capacity <= Self.capacity * 2 else { return }
        entries.removeAll(keepingCapacity: true)
        state.withLock { $0.spare = entries }
    }
}
