import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// One mailbox per callback thread (issue 29), whichever `DispatchQueue` object names the queue.
@Suite struct CallbackMailboxTests {
    /// On Linux `DispatchQueue.main` is a new object at each call: managers of the main queue must still share its
    /// one mailbox, so that the hub posts each event to the main queue once.
    @Test func managersOfTheMainQueueShareOneMailbox() {
        let configuration = {
            LocationManagerConfiguration(
                provider: ScriptedLocationProvider(steps: [], clock: ManualClock()),
                authorization: LocationAuthorization(status: .authorizedAlways), callbackQueue: .main)
        }
        let first = CLLocationManager(configuration: configuration())
        let second = CLLocationManager(configuration: configuration())
        #expect(first.engine.mailbox === second.engine.mailbox)
        #expect(CallbackMailbox.for(.main) === first.engine.mailbox)
    }

    /// Two queues, two mailboxes; the same queue object, the same mailbox.
    @Test func eachQueueHasItsOwnMailbox() {
        let (one, other) = (
            DispatchQueue(label: "CallbackMailboxTests.one"), DispatchQueue(label: "CallbackMailboxTests.other")
        )
        let mailbox = CallbackMailbox.for(one)
        #expect(CallbackMailbox.for(one) === mailbox)
        #expect(CallbackMailbox.for(other) !== mailbox)
    }

    /// A concurrent queue, given against the contract of `callbackQueue` (a serial queue), runs a hop while another
    /// runs on another thread: each runs what it took by itself, and neither touches the entries the other runs (the
    /// work that hops nested on one thread share; ThreadSanitizer reports a race if they did).
    @Test func overlappingHopsOfAConcurrentQueueRunApart() {
        let mailbox = CallbackMailbox.for(
            DispatchQueue(label: "CallbackMailboxTests.concurrent", attributes: .concurrent))
        let (firstRuns, secondRan, bothRan) = (
            DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
        )
        let overlapped = UncheckedBox(false)
        mailbox.perform {
            firstRuns.signal()
            overlapped.value = secondRan.wait(timeout: .now() + 5) == .success
            bothRan.signal()
        }
        firstRuns.wait()
        mailbox.perform { secondRan.signal() }
        #expect(bothRan.wait(timeout: .now() + 10) == .success)
        #expect(overlapped.value)
    }
}
