/// Whether a provider can wait for the managers it feeds: how the hub paces its events against their callback
/// threads.
///
/// **Linux only.**
///
/// A callback thread holds at most 256 of a provider's events waiting for it (its run loop busy, or a slow
/// delegate). A ``live`` provider — gpsd, a receiver, GeoClue, a provider of your own — delivers events as they
/// happen and cannot wait: the oldest waiting event is dropped, counted in
/// `CLLocationManager.droppedLocationCount`. A ``replay`` is held back in its handler until every callback thread
/// it feeds has room again, so it reads no further ahead of its slowest manager. ``ReplayLocationProvider`` is a
/// replay that also tells the hub which events follow at once, so that the managers get each burst in one hop.
public struct LocationProviderPacing: Sendable {
    /// Whether the hub holds the provider back until every callback thread it feeds has room.
    public let waitsForConsumers: Bool

    /// Starts a replay whose pacer announces bursts (``ReplayLocationProvider``); `nil` when the hub starts the
    /// provider with ``LocationProvider/start(_:)``.
    let startAnnouncingBursts: (@Sendable (@escaping ReplayPacer.Handler) -> Void)?

    /// A source that cannot wait: events come as they happen, and a callback thread 256 events behind loses its
    /// oldest waiting events.
    ///
    /// The default of every provider.
    public static let live = LocationProviderPacing(waitsForConsumers: false, startAnnouncingBursts: nil)

    /// A source that can wait, such as a recording: the hub holds the provider's handler until every callback
    /// thread it feeds has room, so nothing is dropped.
    public static let replay = LocationProviderPacing(waitsForConsumers: true, startAnnouncingBursts: nil)

    /// A replay started through `start`, which tells with each event whether more follow at once.
    static func replay(announcingBursts start: @escaping @Sendable (@escaping ReplayPacer.Handler) -> Void) -> Self {
        LocationProviderPacing(waitsForConsumers: true, startAnnouncingBursts: start)
    }
}
