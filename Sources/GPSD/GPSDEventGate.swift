import Dispatch
import Synchronization

/// Admits events to the event queue within a bound, lets them through to the handler until
/// closed, and lets the closer wait for a delivery in progress.
///
/// At most ``pendingLimit`` events wait in the event queue; beyond that, reports are dropped
/// and counted (a handler slower than gpsd must not grow memory without bound), while the rare
/// connection events are always admitted. `GPSDClient.stop()` calls ``closeAndWait()``: no
/// handler starts afterwards, and one already running on another thread is waited for. A
/// handler that stops its own client is not waited for (it would wait for itself). Waiting on a
/// group rather than `sync`-ing on the event queue avoids a deadlock when `stop()` runs on the
/// queue the events target.
///
/// Lock-free on purpose: the state is a few atomics, so the handler thread and the session
/// queue never contend on a lock (and ThreadSanitizer sees every ordering).
final class GPSDEventGate: Sendable {
    static let pendingLimit = 4096

    private let isOpen = Atomic(true)
    /// `pthread_self()` of the thread running the handler, 0 when none.
    private let deliveringThread = Atomic<UInt>(0)
    /// Admitted events not yet delivered.
    ///
    /// Only the session queue increments it.
    private let pending = Atomic(0)
    private let dropped = Atomic(0)
    private let inFlight = DispatchGroup()

    /// Reserves a place in the event queue; `false` (and counted) for a report over the limit.
    ///
    /// Called only from the session queue.
    func admit(_ event: GPSDEvent) -> Bool {
        if case .report = event, pending.load(ordering: .acquiring) >= Self.pendingLimit {
            dropped.wrappingAdd(1, ordering: .relaxed)
            return false
        }
        pending.wrappingAdd(1, ordering: .relaxed)
        return true
    }

    /// Reports dropped because the handler fell behind.
    var droppedReports: Int { dropped.load(ordering: .relaxed) }

    /// Runs `body` for an admitted event unless the gate is closed.
    ///
    /// Called on the event queue.
    func deliver(_ body: () -> Void) {
        pending.wrappingSubtract(1, ordering: .releasing)  // no longer waiting
        inFlight.enter()
        defer { inFlight.leave() }
        guard isOpen.load(ordering: .sequentiallyConsistent) else { return }
        deliveringThread.store(Platform.currentThread(), ordering: .relaxed)
        body()
        deliveringThread.store(0, ordering: .relaxed)
    }

    /// Closes the gate and waits until no handler runs on another thread.
    func closeAndWait() {
        isOpen.store(false, ordering: .sequentiallyConsistent)
        if deliveringThread.load(ordering: .relaxed) != Platform.currentThread() {
            inFlight.wait()
        }
    }
}
