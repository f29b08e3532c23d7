import Dispatch
import Foundation
import LocationSupport
import Synchronization

/// The mailbox of one callback thread — a dispatch queue, or a thread's run loop: everything that is to run there
/// arrives through it, in the order it was posted.
///
/// Two kinds of entries: the hub's ``Delivery``s, a provider's event for the managers of one ``Lane``, and the
/// blocks that managers (and geocoders) perform there — their other callbacks. Every manager, geocoder and test
/// helper on the thread shares the one mailbox (made on first use, kept while something holds it).
///
/// **Hops.** One hop to the thread (a `DispatchQueue.async`, or a timer that wakes the run loop: `RunLoop.perform`
/// alone does not wake a sleeping loop on Linux) runs everything posted before it started. A post while no hop is
/// scheduled schedules one at once, so that a block posted before something else was submitted to the queue (a
/// `queue.sync {}` waiting for deliveries) runs before it: a block's hop is queued under the lock that marks it
/// scheduled; a delivery's is marked under the lock and queued right after it is released, before the post returns
/// (queued under the lock, the woken thread preempted the provider's thread that held it at almost every hop, and
/// both went through the kernel for the lock: issue 30), and a thread that finds a hop marked but not yet queued
/// queues one of its own (which finds little or nothing left to run). A delivery announced as followed by more (a
/// burst of a replay as fast as possible) waits for them, up to ``burstSize``, or for ``handOver()``. In a hop, blocks
/// run as they come, and a run of consecutive deliveries to the same lane is served manager by manager: each manager
/// handles all of the run's events, in order, before the next starts. A hop that starts in a callback (its run loop
/// turned there) goes on with what the hop around it has still to run before its own entries (``HopWork``); a hop
/// with more than one step queues one for such a turn, which then hears what was waiting even if nothing new comes.
///
/// **Bounds** (issue 16). At most ``capacity`` deliveries wait. A provider that can wait (a replay) is held back by
/// the hub until the mailbox has room (``hasRoom``, ``waitForRoom(in:)``) — its event in hand, and a joining
/// manager's copy of its latest fixes, go in beyond the bound, one each, and it then waits; it loses none. A live
/// source that finds it full has its own oldest waiting event dropped — the fixes counted in each manager's
/// `droppedLocationCount`, told once on standard error. A provider's end (`finished`, `failed`) is never dropped;
/// blocks are not bounded (the app performs them).
final class CallbackMailbox: @unchecked Sendable {
    /// How a hop reaches the thread.
    private enum Wake {
        case queue(DispatchQueue)
        /// `RunLoop` is not Sendable; it is only used to add timers, which CoreFoundation allows from any thread.
        /// The timer that never fires keeps `run()` from returning at once for lack of sources while the mailbox
        /// lives.
        case runLoop(RunLoop, keepAlive: Timer)
    }

    enum Entry {
        case delivery(Delivery)
        case block(@Sendable () -> Void)
        /// A delivery handed to the last manager of its lane, in a hop.
        case handedOver

        /// The identity of the delivery's lane; `nil` for another entry.
        var laneID: UnsafeMutableRawPointer? {
            guard case .delivery(let delivery) = self else { return nil }
            return delivery.laneID
        }
    }

    struct State {
        var entries: [Entry] = []
        /// The storage of the entries the last hop ran, emptied, for the next ones: no allocation per hop.
        var spare: [Entry] = []
        /// The lanes of the deliveries in ``entries``, each held once for all of them in a row (a delivery holds its
        /// lane unretained): taken by the hop with the entries, and let go of after it ran them.
        var lanes: [Lane] = []
        /// The lane last added to ``lanes``, by identity; `nil` when ``lanes`` is empty.
        var lastLane: UnsafeMutableRawPointer?
        var deliveries = 0
        var scheduled = false
        /// The thread of the post that marked the scheduled hop and queues it after releasing the lock, until it is
        /// known to be queued (that thread posts again); `nil` when the scheduled hop is queued.
        var lateHopThread: pthread_t?
        /// The sequence number of the last delivery posted (``Delivery/sequence``).
        var lastSequence = 0
    }

    /// The most deliveries waiting for one callback thread.
    ///
    /// A replay reads at most this far ahead of its slowest callback thread; a live source loses its oldest events
    /// to a thread this far behind. 256 events are 4 minutes of a 1 Hz receiver, about 80 kB.
    static let capacity = 256

    /// The most deliveries of an announced burst held back before the thread is woken to start on them.
    ///
    /// Three quarters of ``capacity``: each hop costs a `DispatchQueue.async` and a wake-up of the thread (and its
    /// going back to sleep), which 64 paid for about 3,000 times in a 200,000-point replay and 128 about 1,600
    /// times, about 6 % of its CPU in the kernel's futex calls (issue 30). The quarter left is what a provider that
    /// waits for room reads while the thread wakes up (64 events, about 60-100 µs of a GPX replay) before it would have
    /// to wait itself; it still reads no further ahead than ``capacity``.
    static let burstSize = 192

    private let wake: Wake
    let state = Locked(State())
    /// The entries of the running hop and how far they ran: on the callback thread only.
    @exclusivity(unchecked) var work = HopWork()
    /// The thread running a hop with ``work`` (its `pthread_self()`), 0 between hops.
    let hopThread = Atomic<UInt>(0)

    /// Where the mailboxes in use are found, under one lock.
    private struct Registry {
        /// The mailboxes of run loops, by run loop: `RunLoop.current` is one object per thread.
        var runLoops: [ObjectIdentifier: WeakReference<CallbackMailbox>] = [:]
        /// Where a queue keeps its mailbox: a queue-specific value, which every `DispatchQueue` object of the same
        /// queue sees (on Linux `DispatchQueue.main` is a new object at each call, so the object's identity would give
        /// each manager of the main queue a mailbox of its own).
        let queueKey = DispatchSpecificKey<WeakReference<CallbackMailbox>>()
    }

    private static let registry = Locked(Registry())

    /// A value the main queue holds, so that code in one of its blocks knows it runs there on any thread.
    private static let mainQueueMarker: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    private init(wake: Wake) {
        self.wake = wake
    }

    deinit {
        if case .runLoop(_, let keepAlive) = wake { keepAlive.invalidate() }
    }

    /// The mailbox of `queue`, a serial queue: a hop runs what it took in order, one hop at a time.
    static func `for`(_ queue: DispatchQueue) -> CallbackMailbox {
        registry.withLock { registry in
            if let mailbox = queue.getSpecific(key: registry.queueKey)?.object { return mailbox }
            let mailbox = CallbackMailbox(wake: .queue(queue))
            queue.setSpecific(key: registry.queueKey, value: WeakReference(mailbox))
            return mailbox
        }
    }

    /// The mailbox of the current thread, Apple's callback thread for what is created on it: the main queue's on the
    /// main thread or in a block of the main queue, else the mailbox of the thread's run loop.
    ///
    /// The main queue is recognised as a queue, not as a thread: under `dispatchMain()` or an async `main` (code on
    /// the main actor after its first `await`), libdispatch serves the main queue from other threads once the main
    /// thread has parked, and a manager bound to such a thread's run loop, which never turns, would hear nothing
    /// (issue 31). Code in a Swift task off the main actor runs where no run loop turns either: a manager made there
    /// is bound to that thread as Apple's rule says, and the library says once that its callbacks cannot arrive.
    static func forCurrentThread() -> CallbackMailbox {
        if Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMarker) == true { return .for(.main) }
        if withUnsafeCurrentTask(body: { $0 != nil }) {
            Diagnostics.hint(
                "manager-in-task",
                "a CLLocationManager was created in a Swift task off the main actor, on a thread whose run loop "
                    + "never runs: its delegate and blocks will hear nothing; create it on the main actor, or give "
                    + "it a callback queue (LocationManagerConfiguration(callbackQueue:))")
        }
        let runLoop = RunLoop.current
        return registry.withLock { registry in
            if let mailbox = registry.runLoops[ObjectIdentifier(runLoop)]?.object { return mailbox }
            registry.runLoops = registry.runLoops.filter { $0.value.object != nil }
            let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
            runLoop.add(keepAlive, forMode: .common)
            let mailbox = CallbackMailbox(wake: .runLoop(runLoop, keepAlive: keepAlive))
            registry.runLoops[ObjectIdentifier(runLoop)] = WeakReference(mailbox)
            return mailbox
        }
    }

    /// Runs `block` on the thread after everything posted before it.
    func perform(_ block: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.entries.append(.block(block))
            scheduleHop(&state)
        }
    }

    /// Queues `delivery` for the thread of `mailbox`, numbered after every delivery posted before it.
    ///
    /// `delivery` moves into the mailbox: a copy was a retain and a release of each of its references. The mailbox
    /// is passed unretained, held by the lane that names it: it has weak references, so each retain and release of
    /// it takes the runtime's slow path.
    ///
    /// - Parameters:
    ///   - delivery: The event and the lane it goes to.
    ///   - mailbox: The mailbox, which the caller holds.
    ///   - dropsOldest: Whether to make room by dropping the lane's provider's oldest waiting event when the mailbox
    ///     is full (a live source); a replay waits for ``hasRoom`` instead.
    ///   - moreFollow: Whether more events follow at once, so that the hop may wait for them (up to ``burstSize``).
    /// - Returns: Whether the mailbox still has room (``hasRoom``) with `delivery` in it: a replay then needs no second
    ///   turn of the lock to know it may go on.
    static func post(
        _ delivery: consuming Delivery, to mailbox: Unmanaged<CallbackMailbox>, dropsOldest: Bool, moreFollow: Bool
    ) -> Bool {
        let state = mailbox._withUnsafeGuaranteedRef { $0.state }
        let (dropped, hasRoom, queuesHop) = state.withLock(passing: delivery) {
            state, delivery -> (Dropped?, Bool, Bool) in
            var delivery = delivery
            let dropped = dropsOldest && state.deliveries >= Self.capacity ? Self.dropOldest(of: delivery, &state) : nil
            if state.lastLane != delivery.laneID {
                state.lanes.append(delivery.unretainedLane.takeUnretainedValue())
                state.lastLane = delivery.laneID
            }
            state.lastSequence += 1
            delivery.sequence = state.lastSequence
            state.entries.append(.delivery(consume delivery))
            state.deliveries += 1
            // A hop this thread marked was queued before this post began.
            let thread = pthread_self()
            if state.lateHopThread == thread { state.lateHopThread = nil }
            var queuesHop = false
            if !moreFollow || state.deliveries >= Self.burstSize, !state.scheduled || state.lateHopThread != nil {
                (state.scheduled, state.lateHopThread, queuesHop) = (true, thread, true)
            }
            return (dropped, state.deliveries < Self.capacity, queuesHop)
        }
        if queuesHop { mailbox._withUnsafeGuaranteedRef { $0.queueHop() } }
        guard let dropped else { return hasRoom }
        for engine in dropped.engines { engine.countDroppedLocations(dropped.fixes) }
        Diagnostics.hint("mailbox-overflow", Self.overflowNotice)
        return hasRoom
    }

    /// What ``dropOldest(of:_:)`` dropped: the managers it was for, held (the mailbox lets go of its lane at the next
    /// hop), and the number of its fixes.
    private struct Dropped {
        let engines: [LocationManagerEngine]
        let fixes: Int
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

    /// Schedules the hop for what waits, if none is scheduled: the end of a burst that was cut short.
    func handOver() {
        state.withLock { state in
            guard !state.entries.isEmpty else { return }
            scheduleHop(&state)
        }
    }

    /// Whether fewer than ``capacity`` deliveries wait.
    var hasRoom: Bool { state.withLock { $0.deliveries < Self.capacity } }

    /// The sequence number of the last delivery posted: a manager that stops updates drops the deliveries up to it.
    var lastSequence: Int { state.withLock { $0.lastSequence } }

    /// Removes the oldest waiting event of the provider of `delivery` that may be dropped (a fix, a heading, a loss
    /// of fix, never an end); `nil` when there is none.
    private static func dropOldest(of delivery: Delivery, _ state: inout State) -> Dropped? {
        let provider = delivery.unretainedLane._withUnsafeGuaranteedRef { $0.provider }
        for (index, entry) in state.entries.enumerated() {
            guard case .delivery(let waiting) = entry,
                waiting.unretainedLane._withUnsafeGuaranteedRef({ $0.provider }) == provider
            else { continue }
            let fixes: Int
            switch waiting.event {
            case .locations(let locations): fixes = locations.count
            case .heading, .fixLost: fixes = 0
            case .finished, .failed: continue
            }
            state.entries.remove(at: index)
            state.deliveries -= 1
            return Dropped(engines: waiting.unretainedLane._withUnsafeGuaranteedRef { $0.engines }, fixes: fixes)
        }
        return nil
    }

    /// Hands a hop to the thread unless one is scheduled and queued; under the lock that marks it scheduled, so that a
    /// thread which then finds it scheduled can count on it being queued before anything that thread queues next.
    private func scheduleHop(_ state: inout State) {
        guard !state.scheduled || state.lateHopThread != nil else { return }
        (state.scheduled, state.lateHopThread) = (true, nil)
        queueHop()
    }

    /// On a run loop, queues a hop for a turn nested in a callback of the running hop; nothing on a queue.
    ///
    /// That hop goes on with what the running hop has still to run (``HopWork``): as with each event a run-loop source
    /// of its own, the turn hears the events already waiting even when nothing new is posted. It runs only in such a
    /// turn: fired after the running hop, it would take a part of a burst early, another hop for the same work. A
    /// queue's blocks cannot turn it (the main thread's run loop does not run the main queue's blocks in a turn nested
    /// in one of them).
    func queueHopForNestedTurns() {
        guard case .runLoop(let runLoop, _) = wake else { return }
        let timer = Timer(fire: Date(), interval: 0, repeats: false) { [weak self] _ in
            guard let self, hopThread.load(ordering: .relaxed) == UInt(pthread_self()) else { return }
            runHop()
        }
        runLoop.add(timer, forMode: .common)
    }

    /// Queues a hop to the thread.
    private func queueHop() {
        switch wake {
        case .queue(let queue): queue.async { self.runHop() }
        case .runLoop(let runLoop, _):
            let timer = Timer(fire: Date(), interval: 0, repeats: false) { [weak self] _ in self?.runHop() }
            runLoop.add(timer, forMode: .common)
        }
    }
}
