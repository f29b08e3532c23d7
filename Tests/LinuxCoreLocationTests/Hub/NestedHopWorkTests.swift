import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Hops nested in a callback that turns its run loop (``CallbackMailbox/HopWork``): what they run, and what they keep.
@Suite struct NestedHopWorkTests {
    /// Fixes 1 and 2 wait in one hop, and nothing arrives after them; the callback of fix 1 turns the run loop until
    /// fix 2 is heard: it is heard in that turn, as on Apple, where each event is a run-loop source of its own.
    ///
    /// Before a hop queued a turn for what it has still to run, the turn heard nothing (nothing new was posted, so
    /// no hop was scheduled): it waited out its second, and fix 2 came after the callback of fix 1 had returned.
    @Test func aNestedTurnHearsTheEventsAlreadyWaiting() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let provider = DeliveryBoundsTests.PushedProvider()
        let delegate = HookDelegate()
        let manager = thread.sync { UncheckedBox(startedManager(provider, on: nil, delegate: delegate)) }
        let heardInTheTurn = UncheckedBox<[DelegateEvent]>([])
        let turned = DispatchSemaphore(value: 0)
        delegate.onLocations = { _, fixes in
            guard fixes.map(\.coordinate.latitude) == [1] else { return }
            turnRunLoop(until: { delegate.recorder.serviceEvents.count >= 2 })
            heardInTheTurn.value = delegate.recorder.serviceEvents
            turned.signal()
        }
        let held = DispatchSemaphore(value: 0)
        manager.value.engine.mailbox.perform { held.wait() }  // fixes 1 and 2 wait for one hop
        provider.push([1, 2])
        held.signal()
        #expect(turned.wait(timeout: .now() + 10) == .success)
        let heard = thread.sync { delegate.recorder.serviceEvents }
        #expect(heardInTheTurn.value == [.locations([1]), .locations([2])])
        #expect(heard == [.locations([1]), .locations([2])])
        withExtendedLifetime(manager) {}
    }

    /// Blocks A and B wait in one hop; A turns the run loop until B has run: B runs in that turn.
    @Test func aNestedTurnRunsTheBlocksAlreadyWaiting() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let mailbox = thread.sync { UncheckedBox(CallbackMailbox.forCurrentThread()) }.value
        let order = UncheckedBox(NestedRunLoopDeliveryTests.OrderRecord())
        let (held, aEnded) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        mailbox.perform { held.wait() }  // A and B wait for one hop
        mailbox.perform {
            order.value.names.append("A")
            turnRunLoop(until: { order.value.names.contains("B") })
            order.value.names.append("A ends")
            aEnded.signal()
        }
        mailbox.perform { order.value.names.append("B") }
        held.signal()
        #expect(aEnded.wait(timeout: .now() + 10) == .success)
        let heard = thread.sync { order.value.names }
        #expect(heard == ["A", "B", "A ends"])
    }

    /// A block run by a hop nested in a long turn is let go of when that hop ends, as before hops shared their work,
    /// not when the turn around it does: what the block holds is freed, and the shared entries do not grow for as long
    /// as the turn lasts.
    ///
    /// The hops kept every entry they ran until the outermost one ended: a callback that turns its run loop for the
    /// rest of the program kept every block and event posted meanwhile.
    @Test func aBlockRunInANestedTurnIsLetGoOfAfterItsHop() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let mailbox = thread.sync { UncheckedBox(CallbackMailbox.forCurrentThread()) }.value
        let captured = WeakBox()
        let (ran, releasedAfter) = (UncheckedBox(0), UncheckedBox<Bool?>(nil))
        let finished = DispatchSemaphore(value: 0)
        mailbox.perform {
            /// Performs `block`, then turns the run loop until it has run (a second at most).
            func runInATurn(_ block: @escaping @Sendable () -> Void) {
                let before = ran.value
                mailbox.perform {
                    block()
                    ran.value += 1
                }
                turnRunLoop(until: { ran.value != before })
            }
            do {
                let token = Token()
                captured.object = token
                runInATurn { withExtendedLifetime(token) {} }
            }
            runInATurn { releasedAfter.value = captured.object == nil }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(ran.value == 2)
        #expect(releasedAfter.value == true)
    }

    /// Two managers of one provider on one thread, fixes 1 and 2 in one hop; the first manager's callback of fix 1
    /// turns the run loop while fix 3 arrives: each manager hears 1, 2 and 3 once, in order.
    @Test func twoManagersOfOneProviderEachHearEveryFixOnceThroughANestedTurn() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let provider = DeliveryBoundsTests.PushedProvider()
        let (first, second) = (HookDelegate(), HookDelegate())
        let managers = thread.sync {
            UncheckedBox([
                startedManager(provider, on: nil, delegate: first), startedManager(provider, on: nil, delegate: second),
            ])
        }
        let (reached, pushed) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        first.onLocations = { _, fixes in
            guard fixes.map(\.coordinate.latitude) == [1] else { return }
            reached.signal()
            pushed.wait()
            turnRunLoop(until: { second.recorder.serviceEvents.count >= 3 })
        }
        let held = DispatchSemaphore(value: 0)
        managers.value[0].engine.mailbox.perform { held.wait() }  // fixes 1 and 2 wait for one hop
        provider.push([1, 2])
        held.signal()
        reached.wait()
        provider.push([3])
        pushed.signal()
        let heard = thread.sync { (first.recorder.serviceEvents, second.recorder.serviceEvents) }
        #expect(heard.0 == [.locations([1]), .locations([2]), .locations([3])])
        #expect(heard.1 == [.locations([1]), .locations([2]), .locations([3])])
        withExtendedLifetime(managers) {}
    }

    /// Fixes 1 and 2 wait in one hop; the delegate's callback of fix 1 turns the run loop until fix 2 is heard: an
    /// observer of the manager (``CLLocationManager/addObserver(_:)``) must still hear 1 before 2.
    ///
    /// It hears 2, then 1: the nested turn goes on with the next entry, fix 2 (to the delegate, then the observer),
    /// while the rest of fix 1's step — its call to the observer, as any call made after the delegate's for that
    /// event — waits for the delegate's callback to return. A step is one event's calls to a manager, not one call;
    /// Apple has no observers, but calls each callback on its own. Found in the review of de0f4cb; the code before it
    /// (ad31be8) does the same with the events posted during the turn.
    @Test func anObserverHearsTheFixesOfANestedTurnInOrder() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let provider = DeliveryBoundsTests.PushedProvider()
        let (delegate, observer) = (HookDelegate(), RecordingDelegate())
        let manager = thread.sync {
            let manager = startedManager(provider, on: nil, delegate: delegate)
            manager.addObserver(observer)
            return UncheckedBox(manager)
        }
        let turned = DispatchSemaphore(value: 0)
        delegate.onLocations = { _, fixes in
            guard fixes.map(\.coordinate.latitude) == [1] else { return }
            turnRunLoop(until: { delegate.recorder.serviceEvents.count >= 2 })
            turned.signal()
        }
        let held = DispatchSemaphore(value: 0)
        manager.value.engine.mailbox.perform { held.wait() }  // fixes 1 and 2 wait for one hop
        provider.push([1, 2])
        held.signal()
        #expect(turned.wait(timeout: .now() + 10) == .success)
        let heard = thread.sync { (delegate.recorder.serviceEvents, observer.serviceEvents) }
        #expect(heard.0 == [.locations([1]), .locations([2])])
        withKnownIssue("the rest of an event's calls to a manager waits for the callback that turned the run loop") {
            #expect(heard.1 == [.locations([1]), .locations([2])])
        }
        withExtendedLifetime(manager) {}
    }

    /// The app lets go of the manager in the callback of fix 1, then turns the run loop while fixes 2 and 3 wait in
    /// the same hop: the manager is freed once the callback returns (the calls hold it while they run), nothing is
    /// heard after that, and nothing crashes (the hop holds the lane, which holds the engine).
    @Test func aManagerReleasedBeforeANestedTurnIsFreedWhenItsCallbackReturns() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let provider = DeliveryBoundsTests.PushedProvider()
        let delegate = HookDelegate()
        let manager = thread.sync {
            UncheckedBox<CLLocationManager?>(startedManager(provider, on: nil, delegate: delegate))
        }
        let released = ManagerWeakBox()
        let heardWhenItReturned = UncheckedBox<Int?>(nil)
        let returned = DispatchSemaphore(value: 0)
        delegate.onLocations = { _, fixes in
            guard fixes.map(\.coordinate.latitude) == [1] else { return }
            released.object = manager.value
            manager.value = nil
            turnRunLoop(for: 0.2)
            heardWhenItReturned.value = delegate.recorder.serviceEvents.count
            returned.signal()
        }
        let mailbox = thread.sync { UncheckedBox(manager.value!.engine.mailbox) }.value
        let held = DispatchSemaphore(value: 0)
        mailbox.perform { held.wait() }  // fixes 1 to 3 wait for one hop
        provider.push([1, 2, 3])
        held.signal()
        #expect(returned.wait(timeout: .now() + 10) == .success)
        provider.push([4])
        let (freed, heard) = thread.sync { (released.object == nil, delegate.recorder.serviceEvents.count) }
        #expect(freed)
        #expect(heard == heardWhenItReturned.value)
    }

    /// Refers to a manager without holding it; used on the callback thread only.
    final class ManagerWeakBox: @unchecked Sendable {
        weak var object: CLLocationManager?
    }

    /// An object whose release a test watches.
    final class Token: Sendable {}

    /// Refers to a ``Token`` without holding it; used on the callback thread only.
    final class WeakBox: @unchecked Sendable {
        weak var object: Token?
    }
}
