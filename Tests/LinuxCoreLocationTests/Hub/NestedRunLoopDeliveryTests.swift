import Foundation
import LocationSupport
import Testing

@testable import LinuxCoreLocation

/// A delegate callback that runs its thread's run loop itself (a nested turn, as a tool waiting for something in a
/// callback does) while later events arrive.
@Suite struct NestedRunLoopDeliveryTests {
    /// Fixes 1 and 2 wait in one hop; the callback of fix 1 runs the run loop while fix 3 is pushed: the delegate
    /// must still hear 2 before 3.
    ///
    /// It hears 1, then 3 (and the test's own wait, nested too, returns before 2): the nested turn runs the next
    /// hop's timer while the outer hop still holds fix 2, taken out of the mailbox. Found in the review of 54efc05;
    /// the code before it (abe182c) does the same. Apple delivers each event as a callback of its own, so that a
    /// nested turn runs the next ones in order.
    @Test func aNestedRunLoopTurnInACallbackKeepsTheOrder() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let provider = DeliveryBoundsTests.PushedProvider()
        let delegate = HookDelegate()
        let manager = thread.sync {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(
                    provider: provider, authorization: LocationAuthorization(status: .authorizedAlways)))
            manager.delegate = delegate
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation()
            return UncheckedBox(manager)
        }
        let (reached, pushed) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        delegate.onLocations = { _, fixes in
            guard fixes.map(\.coordinate.latitude) == [1] else { return }
            reached.signal()
            pushed.wait()
            // A bounded turn: it ends when fix 3 is heard, or after a second.
            let end = Date(timeIntervalSinceNow: 1)
            while delegate.recorder.serviceEvents.count < 3, Date() < end {
                _ = RunLoop.current.run(mode: .default, before: end)
            }
        }
        let held = DispatchSemaphore(value: 0)
        manager.value.engine.mailbox.perform { held.wait() }  // fixes 1 and 2 wait for one hop
        provider.push([1, 2])
        held.signal()
        reached.wait()
        provider.push([3])
        pushed.signal()
        let heard = thread.sync { delegate.recorder.serviceEvents }
        withKnownIssue("a nested run-loop turn runs the next hop before the rest of the current one") {
            #expect(heard == [.locations([1]), .locations([2]), .locations([3])])
        }
        withExtendedLifetime(manager) {}
    }
}
