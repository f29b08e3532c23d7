import Foundation

/// A provider's event on its way to the managers of one callback thread: what the hub posts to a lane's mailbox, once
/// per thread.
struct Delivery: Sendable {
    /// The event, with only valid fixes (an accuracy ≥ 0 and a valid coordinate).
    let event: LocationProviderEvent
    /// The time on the provider's clock when the event arrived.
    let receivedAt: Date
    /// The managers it goes to, unretained: the mailbox holds the lanes of the deliveries it holds, each once
    /// (``CallbackMailbox``), where a lane retained by each delivery on the provider's thread and released on the
    /// callback thread bounced its reference count between the two for every event.
    let unretainedLane: Unmanaged<Lane>
    /// For each app of those managers that monitors regions, what the fixes mean for its regions; empty otherwise.
    let regions: [RegionDecision]
    /// Its number among the deliveries posted to the mailbox, set when posted: a manager that stops updates drops
    /// the deliveries numbered up to the last one posted then.
    var sequence = 0

    /// Creates a delivery of `event` to `lane`, which the caller holds until the mailbox does.
    init(event: consuming LocationProviderEvent, receivedAt: Date, lane: Lane, regions: [RegionDecision]) {
        self.event = event
        self.receivedAt = receivedAt
        unretainedLane = Unmanaged.passUnretained(lane)
        self.regions = regions
    }

    /// The event, moved out of the delivery: no copy of it (a retain and a release of its fixes' array).
    consuming func takeEvent() -> LocationProviderEvent { event }

    /// The lane's identity.
    var laneID: UnsafeMutableRawPointer { unretainedLane.toOpaque() }
}
