import Foundation
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
}
