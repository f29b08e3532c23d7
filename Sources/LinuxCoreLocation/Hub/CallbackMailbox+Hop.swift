import Foundation
import Synchronization

extension CallbackMailbox {
    /// The entries of the hop running on the thread, and how far they have run.
    ///
    /// A callback that turns its thread's run loop (a nested turn, as code waiting for something in a callback does)
    /// runs the next hop inside the current one. That hop goes on where the current one stopped, then runs what it
    /// took itself: every entry runs once, in the order it was posted, whichever hop runs it. Apple delivers each
    /// event as a run-loop source of its own, so that a nested turn hears the next ones in order.
    ///
    /// Used on the callback thread only: by the hop that ``hopThread`` names and the hops nested in its callbacks.
    struct HopWork {
        /// What the running hops took, in order.
        var entries: [Entry] = []
        /// The first entry not begun: the end of the current run of deliveries while there is one.
        var next = 0
        /// The managers of the current run of deliveries to one lane; empty between runs.
        var engines: [Unmanaged<LocationManagerEngine>] = []
        /// The current run's first entry.
        var runStart = 0
        /// The manager the current run serves, by its index in ``engines``.
        var engineIndex = 0
        /// The current run's next delivery for that manager.
        var position = 0
        /// The number of runs begun: tells a run from the next one.
        var runCount = 0

        /// Whether more than one step may be left: a callback of the next may turn its run loop to wait for another.
        var mayHaveStepsAfterTheNext: Bool {
            guard engines.isEmpty else { return true }
            let left = entries.count - next
            guard left == 1, let lane = entries[next].laneID else { return left > 1 }
            return Unmanaged<Lane>.fromOpaque(lane)._withUnsafeGuaranteedRef { $0.unretainedEngines.count > 1 }
        }

        /// What the next step of the hop is.
        enum Step: ~Copyable {
            /// Run a block.
            case block(@Sendable () -> Void)
            /// Hand a delivery to a manager: the `engine`th of the `run`th run.
            case delivery(Delivery, to: Unmanaged<LocationManagerEngine>, run: Int, engine: Int)
        }

        /// Takes the next step, marking it as taken; `nil` when everything taken has run.
        ///
        /// A run of consecutive deliveries to one lane is served manager by manager: each manager handles all of the
        /// run's events, in order, before the next starts. The last manager of a lane is handed each delivery itself,
        /// moved out of ``entries`` (``Entry/handedOver`` left in its place): a copy was a retain and a release of each
        /// of its references.
        mutating func takeStep() -> Step? {
            while true {
                if !engines.isEmpty {
                    guard position < next else {
                        engineIndex += 1
                        position = runStart
                        if engineIndex == engines.count { engines = [] }
                        continue
                    }
                    let index = position
                    position += 1
                    let (engine, run, manager) = (engines[engineIndex], runCount, engineIndex)
                    if engineIndex == engines.count - 1 {
                        var entry = Entry.handedOver
                        swap(&entry, &entries[index])
                        guard case .delivery(let delivery) = consume entry else { continue }
                        return .delivery(delivery, to: engine, run: run, engine: manager)
                    }
                    guard case .delivery(let delivery) = entries[index] else { continue }
                    return .delivery(delivery, to: engine, run: run, engine: manager)
                }
                guard next < entries.count else { return nil }
                guard let lane = entries[next].laneID else {
                    defer { next += 1 }
                    guard case .block(let block) = entries[next] else { continue }
                    return .block(block)
                }
                runStart = next
                next += 1
                while next < entries.count, entries[next].laneID == lane { next += 1 }
                // The lane holds its engines for the whole run: none is retained per delivery (an engine has weak
                // references, so each retain and release takes the runtime's slow path, a thousand times per fix).
                // The hop holds the lane (``State/lanes``).
                engines = Unmanaged<Lane>.fromOpaque(lane)._withUnsafeGuaranteedRef { $0.unretainedEngines }
                (engineIndex, position, runCount) = (0, runStart, runCount + 1)
            }
        }
    }

    /// On the thread: runs everything posted before this hop started, in order, after what the hops it is nested in
    /// have still to run (``HopWork``).
    func runHop() {
        let (taken, heldLanes, tookDeliveries) = state.withLock { state in
            var taken: [Entry] = []
            swap(&taken, &state.spare)
            swap(&taken, &state.entries)
            var lanes: [Lane] = []
            swap(&lanes, &state.lanes)
            state.lastLane = nil
            defer { (state.deliveries, state.scheduled, state.lateHopThread) = (0, false, nil) }
            return (taken, lanes, state.deliveries > 0)
        }
        if tookDeliveries { Self.roomMayHaveChanged() }
        let thread = UInt(pthread_self())
        let (isOwner, _) = hopThread.compareExchange(expected: 0, desired: thread, ordering: .acquiring)
        guard isOwner || hopThread.load(ordering: .relaxed) == thread else {
            // A hop on another thread while one runs: the queue given was not serial, against its contract. This hop
            // runs what it took by itself, as it would with a serial queue had they not overlapped.
            var own = HopWork()
            own.entries = taken
            withExtendedLifetime(heldLanes) { runSteps { own.takeStep() } }
            return
        }
        if isOwner {
            work.entries = taken
        } else {
            work.entries.append(contentsOf: taken)
        }
        if work.mayHaveStepsAfterTheNext { queueHopForNestedTurns() }
        // The lanes are held while their deliveries run.
        withExtendedLifetime(heldLanes) { runSteps { work.takeStep() } }
        // Everything taken has run, by this hop or one nested in it: let go of it now, even in a hop nested in a turn
        // that lasts (the hops around it have nothing left to run), and outside of `work` (letting go may run deinits).
        var entries: [Entry] = []
        swap(&entries, &work.entries)
        work.next = 0
        entries.removeAll(keepingCapacity: true)
        guard isOwner else {
            work.entries = entries
            return
        }
        hopThread.store(0, ordering: .releasing)
        guard entries.capacity <= Self.capacity * 2 else { return }
        state.withLock { $0.spare = entries }
    }

    /// Runs the steps `nextStep` gives until it gives none: blocks as they come, deliveries to their managers.
    ///
    /// Each manager's receivers are held over its part of a run (``LocationManagerEngine/HeldReceivers``), and let go
    /// of when the next step is not the same manager's in the same run.
    private func runSteps(_ nextStep: () -> HopWork.Step?) {
        var held = LocationManagerEngine.HeldReceivers()
        var heldFor = (run: 0, engine: -1)
        while let step = nextStep() {
            switch consume step {
            case .block(let block):
                held = LocationManagerEngine.HeldReceivers()
                heldFor = (0, -1)
                block()
            case .delivery(let delivery, let engine, let run, let index):
                if heldFor != (run, index) {
                    held = LocationManagerEngine.HeldReceivers()
                    heldFor = (run, index)
                }
                engine._withUnsafeGuaranteedRef { $0.handle(delivery, holding: &held) }
            }
        }
    }
}
