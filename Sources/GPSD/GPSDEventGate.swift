import Dispatch
import Synchronization

/// Lets events through to the handler until closed, and lets the closer wait for a delivery in
/// progress.
///
/// `GPSDClient.stop()` calls ``closeAndWait()``: no handler starts afterwards, and one already
/// running on another thread is waited for. A handler that stops its own client is not waited
/// for (it would wait for itself). Waiting on a group rather than `sync`-ing on the event queue
/// avoids a deadlock when `stop()` runs on the queue the events target.
final class GPSDEventGate: Sendable {
    private struct State {
        var isOpen = true
        var deliveringThread: UInt?
    }

    private let state = Mutex(State())
    private let inFlight = DispatchGroup()

    /// Runs `body` if the gate is open, recording the calling thread meanwhile.
    func deliver(_ body: () -> Void) {
        let thread = Platform.currentThread()
        let open = state.withLock { state in
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
