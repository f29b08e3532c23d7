/// A source of fixes on Linux — a GNSS receiver, gpsd, GeoClue2, a replay — as seen by the hub.
///
/// **Linux only.**
///
/// The hub starts a provider when the first manager needs it and stops it when the last one no longer does;
/// the same instance may be started again later. A provider delivers ``LocationProviderEvent``s to the
/// handler given to ``start(_:)`` on a queue or thread of its own, never on a manager's thread; the hub alone
/// hops to the managers' run loops. Implementations must be thread-safe.
public protocol LocationProvider: AnyObject, Sendable {
    /// A stable name of the configuration, such as the provider URI (`gpsd://127.0.0.1:2947`).
    var identifier: String { get }

    /// What the provider's fixes can carry.
    var capabilities: LocationProviderCapabilities { get }

    /// Whether the provider can deliver fixes now: its file exists, its daemon answers, its device is there.
    ///
    /// Answers quickly (a local check or a short probe, bounded to about a second).
    var isAvailable: Bool { get }

    /// Why the provider cannot deliver fixes now, in a few words (`connection refused`, `no system D-Bus (…);
    /// GeoClue2 needs one`, `no such file`), or `nil` when it can.
    ///
    /// The same check as ``isAvailable``, with its reason; the default says only `not available`.
    var unavailability: String? { get }

    /// The clock the provider paces itself with, which managers fed by it use for all time-based behaviour.
    var clock: any LocationClock { get }

    /// Whether the provider can wait for the managers it feeds (a recording) or not (a live source);
    /// ``LocationProviderPacing/live`` unless the provider says otherwise. A provider that wraps another passes on
    /// the wrapped one's pacing: left to the default, a wrapped replay would lose fixes as a live source does.
    var pacing: LocationProviderPacing { get }

    /// Starts producing events; called by the hub, never while already started.
    ///
    /// - Parameter handler: Receives every event, on the provider's own queue, one at a time, until ``stop()``
    ///   returns.
    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void)

    /// Stops producing events and releases sockets, file descriptors and threads; after it returns the
    /// handler is not called again. Idempotent.
    func stop()
}

extension LocationProvider {
    /// `nil` when ``isAvailable``, else `not available`: providers that know why say so themselves.
    public var unavailability: String? { isAvailable ? nil : "not available" }

    /// A live source, which cannot wait for its managers: the default.
    public var pacing: LocationProviderPacing { .live }
}
