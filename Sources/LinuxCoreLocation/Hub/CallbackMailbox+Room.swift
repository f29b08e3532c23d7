import Foundation
import Synchronization

extension CallbackMailbox {
    /// Signalled when mailboxes may have room again, for the replays waiting for it.
    private static let room = NSCondition()
    /// How many replays wait on ``room``: mailboxes signal it only when some do.
    private static let waiters = Atomic<Int>(0)

    /// Blocks the calling thread (a replay's) until every mailbox `mailboxes` returns has room; `mailboxes` is asked
    /// again whenever a mailbox takes its deliveries or ``roomMayHaveChanged()`` is called.
    ///
    /// The common case, room everywhere, is for the caller to check first, without the condition's lock.
    static func waitForRoom(in mailboxes: () -> [CallbackMailbox]) {
        room.lock()
        // Counted before the room is checked, and a mailbox takes deliveries before it reads the count: either this
        // check sees the room, or the mailbox sees a waiter and signals.
        waiters.add(1, ordering: .sequentiallyConsistent)
        defer {
            waiters.subtract(1, ordering: .sequentiallyConsistent)
            room.unlock()
        }
        while !mailboxes().allSatisfy(\.hasRoom) { room.wait() }
    }

    /// Wakes the replays waiting for room, if any: after a hop took deliveries, or when a manager stopped needing a
    /// replay (its mailbox no longer counts).
    static func roomMayHaveChanged() {
        guard waiters.load(ordering: .sequentiallyConsistent) > 0 else { return }
        room.lock()
        room.broadcast()
        room.unlock()
    }
}
