import Foundation

/// A provider's event on its way to the managers of one callback thread: what the hub posts to a lane's mailbox, once
/// per thread.
struct Delivery: Sendable {
    /// The event, with only valid fixes (an accuracy ≥ 0 and a valid coordinate).
    let event: LocationProviderEvent
    /// The time on the provider's clock when the event arrived.
    let receivedAt: Date
    /// The managers it goes to.
    let lane: Lane
    /// For each app of those managers that monitors regions, what the fixes mean for its regions; empty otherwise.
    let regions: [RegionDecision]
    /// Its number among the deliveries posted to the mailbox, set when posted: a manager that stops updates drops
    /// the deliveries numbered up to the last one posted then.
    var sequence = 0
}
