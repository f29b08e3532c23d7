import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A delegate callback that runs its thread's run loop itself (a nested turn, as a tool waiting for something in a
/// callback does) while later events arrive.
@Suite struct NestedRunLoopDeliveryTests {
    /// Fixes 1 and 2 wait in one hop; the callback of fix 1 runs the run loop while fix 3 is pushed: the delegate
    /// must still hear 2 before 3.
    ///
    /// It heard 1, then 3, before the hops shared their work (``CallbackMailbox/HopWork``): the nested turn ran the
    /// next hop's timer while the outer hop still held fix 2, taken out of the mailbox. Apple delivers each event as a
    /// callback of its own, so that a nested turn runs the next ones in order.
    @Test func aNestedRunLoopTurnInACallbackKeepsTheOrder() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let provider = DeliveryBoundsTests.PushedProvider()
        let delegate = HookDelegate()
        let manager = thread.sync { UncheckedBox(startedManager(provider, on: nil, delegate: delegate)) }
        let (reached, pushed) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        delegate.onLocations = { _, fixes in
            guard fixes.map(\.coordinate.latitude) == [1] else { return }
            reached.signal()
            pushed.wait()
            // A bounded turn: it ends when fix 3 is heard, or after a second.
            turnRunLoop(until: { delegate.recorder.serviceEvents.count >= 3 })
        }
        let held = DispatchSemaphore(value: 0)
        manager.value.engine.mailbox.perform { held.wait() }  // fixes 1 and 2 wait for one hop
        provider.push([1, 2])
        held.signal()
        reached.wait()
        provider.push([3])
        pushed.signal()
        let heard = thread.sync { delegate.recorder.serviceEvents }
        #expect(heard == [.locations([1]), .locations([2]), .locations([3])])
        withExtendedLifetime(manager) {}
    }

    /// Blocks performed on the mailbox, two of them turning the run loop, one inside the other: every block runs once,
    /// in the order posted, whichever hop runs it.
    ///
    /// One hop takes A, B and E; A performs C and turns the run loop until C has run, and B, run in that turn, performs
    /// D and turns it until D has run. Each nested hop goes on with what the hops around it have still to run before
    /// its own: A, B, E, C, D. Before the hops shared their work, A's turn ran C at once (A, C, B, D, E).
    @Test func blocksRunInOrderThroughTwoNestedTurns() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let mailbox = thread.sync { UncheckedBox(CallbackMailbox.forCurrentThread()) }.value
        let order = UncheckedBox(OrderRecord())
        /// Records `name`, and when `then` is given, performs it and turns the run loop until it has run (a second
        /// at most).
        @Sendable func block(_ name: String, then next: String? = nil) -> @Sendable () -> Void {
            {
                order.value.names.append(name)
                guard let next else { return }
                mailbox.perform { order.value.names.append(next) }
                turnRunLoop(until: { order.value.names.contains(next) })
            }
        }
        let held = DispatchSemaphore(value: 0)
        mailbox.perform { held.wait() }  // the next three wait for one hop
        mailbox.perform(block("A", then: "C"))
        mailbox.perform(block("B", then: "D"))
        mailbox.perform(block("E"))
        held.signal()
        // This thread's first block may join A, B and E in their hop and run before C and D are posted; the second is
        // posted after the first ran, so after C and D.
        thread.sync {}
        let heard = thread.sync { order.value.names }
        #expect(heard == ["A", "B", "E", "C", "D"])
    }

    /// The names of the blocks run, in order; used on the callback thread only.
    final class OrderRecord {
        var names: [String] = []
    }
}
