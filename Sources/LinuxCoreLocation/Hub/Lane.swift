/// The managers that one provider feeds on one callback thread: the hub posts each of the provider's events to a
/// lane once.
///
/// Made by the hub whenever the provider's managers change, and never changed: a delivery keeps the lane it was
/// posted to.
final class Lane: Sendable {
    /// The provider, by identity.
    let provider: ObjectIdentifier
    /// The mailbox of the callback thread.
    let mailbox: CallbackMailbox
    /// The managers, by their engines, in the order each delivery is handed to them.
    let engines: [LocationManagerEngine]
    /// The same engines, for the hop that serves them while a delivery holds the lane (and so ``engines``).
    let unretainedEngines: [Unmanaged<LocationManagerEngine>]
    /// The same mailbox, for the hub that posts to it while it holds the lane (and so ``mailbox``): the mailbox has
    /// weak references, so each retain and release of it takes the runtime's slow path, twice per event.
    let unretainedMailbox: Unmanaged<CallbackMailbox>

    init(provider: ObjectIdentifier, mailbox: CallbackMailbox, engines: [LocationManagerEngine]) {
        self.provider = provider
        self.mailbox = mailbox
        self.engines = engines
        unretainedEngines = engines.map(Unmanaged.passUnretained)
        unretainedMailbox = Unmanaged.passUnretained(mailbox)
    }
}
