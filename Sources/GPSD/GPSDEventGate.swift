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
final class GPSDEventGate: Sendable {
    static let pendingLimit = 4096

    private struct State {
        var isOpen = true
        var deliveringThread: UInt?
        var pending = 0
        var droppedReports = 0
    }

    private let state = Mutex(State())
    private let inFlight = DispatchGroup()

    /// Reserves a place in the event queue; `false` (and counted) for a report over the limit.
    func admit(_ event: GPSDEvent) -> Bool {
        state.withLock { state in
            if case .report = event, state.pending >= Self.pendingLimit {
                state.droppedReports += 1
                return false
            }
            state.pending += 1
            return true
        }
    }

    /// Reports dropped because the handler fell behind.
    var droppedReports: Int { state.withLock { $0.droppedReports } }

    /// Runs `body` for an admitted event if the gate is open, recording the calling thread.
    func deliver(_ body: () -> Void) {
        let thread = Platform.currentThread()
        let open = state.withLock { state in
            state.pending -= 1
            guard state.isOpen else { return false }
            state.deliveringThread = thread
            inFlight.enter()
            return true
        }
        guard open else { return }
        body()
        state.withLock { $0.deliveringThread = nil }
        inFlight.leave()
    }

    /// Closes the gate and waits until no handler runs on another thread.
    func closeAndWait() {
        let thread = Platform.currentThread()
        let insideHandler = state.withLock { state in
            state.isOpen = false
            return state.deliveringThread == thread
        }
        if !insideHandler { inFlight.wait() }
    }
}
