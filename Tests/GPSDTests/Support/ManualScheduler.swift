import Dispatch
import Foundation
import GPSD

/// A scheduler whose clock moves only when the test calls ``advance(by:)``.
///
/// Due work runs synchronously on its queue inside `advance`, so when `advance` returns every
/// decision it triggered (reconnect, silence, timeout) has been made. State is confined to a
/// serial queue (see EventRecorder for why not a `Mutex`).
final class ManualScheduler: GPSDScheduler, @unchecked Sendable {
    private struct Item {
        let id: Int
        let deadline: Double
        let queue: DispatchQueue
        let work: @Sendable () -> Void
    }

    private struct State {
        var now = 1000.0
        var nextID = 0
        var items: [Item] = []
    }

    private let lock = DispatchQueue(label: "ManualScheduler")
    private var state = State()

    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.sync { body(&state) }
    }

    func now() -> Double { withState { $0.now } }

    func schedule(after delay: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
        -> any GPSDScheduledWork
    {
        let id = withState { state in
            state.nextID += 1
            state.items.append(Item(id: state.nextID, deadline: state.now + max(0, delay), queue: queue, work: work))
            return state.nextID
        }
        return Token(scheduler: self, id: id)
    }

    /// The delays, relative to now, of work not yet run or cancelled, in ascending order.
    var pendingDelays: [Double] {
        withState { state in state.items.map { $0.deadline - state.now }.sorted() }
    }

    /// Waits (bounded, polling) until the pending delays equal `delays`; `false` on timeout.
    func waitForPending(_ delays: [Double], timeout: Double = 10) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while pendingDelays != delays {
            if DispatchTime.now() > deadline { return false }
            usleep(1000)
        }
        return true
    }

    /// Moves the clock forward and runs the work that became due, earliest first.
    func advance(by seconds: Double) {
        let target = withState { $0.now + seconds }
        while true {
            let next: Item? = withState { state in
                guard
                    let index = state.items.indices.filter({ state.items[$0].deadline <= target })
                        .min(by: { state.items[$0].deadline < state.items[$1].deadline })
                else { return nil }
                state.now = max(state.now, state.items[index].deadline)
                return state.items.remove(at: index)
            }
            guard let next else { break }
            next.queue.sync(execute: next.work)
        }
        withState { $0.now = target }
    }

    private struct Token: GPSDScheduledWork {
        let scheduler: ManualScheduler
        let id: Int
        func cancel() {
            scheduler.withState { $0.items.removeAll { $0.id == id } }
        }
    }
}
