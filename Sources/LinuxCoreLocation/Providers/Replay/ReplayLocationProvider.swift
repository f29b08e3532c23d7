/// A provider that replays a recording — an NMEA log, a GPX track — paced by its own timestamps.
///
/// **Linux only.**
///
/// Each start opens the recording afresh and plays it from the beginning (see ``ReplayOptions`` for the
/// pace); stop closes it. When the recording cannot be opened, the provider reports
/// ``LocationProviderEvent/failed(_:)`` with `CLError(.network)` (the reason as its `NSUnderlyingErrorKey`) and a
/// diagnostic on standard error.
/// Fixes are marked as simulated by software when the source says so.
public final class ReplayLocationProvider: LocationProvider {
    /// Opens the recording from its start.
    public typealias Opener = @Sendable () throws -> any ReplaySource

    /// The configuration name, such as the URI the provider was made from.
    public let identifier: String
    /// What the recording's fixes carry.
    public let capabilities: LocationProviderCapabilities
    /// Pace and looping.
    public let options: ReplayOptions
    private let open: Opener
    private let reasonUnavailable: @Sendable () -> String?
    private let pacer: ReplayPacer

    /// Creates a replay provider.
    ///
    /// - Parameters:
    ///   - identifier: The configuration name, e.g. `nmea:/var/log/gps.nmea?speed=max`.
    ///   - capabilities: What the recording's fixes carry.
    ///   - options: Pace and looping.
    ///   - clock: The clock for paced replays (the system clock by default); as fast as possible, the provider
    ///     uses a virtual clock of its own instead.
    ///   - isAvailable: Whether the recording can be opened now (e.g. the file exists).
    ///   - open: Opens the recording from its start; called on each start.
    public convenience init(
        identifier: String, capabilities: LocationProviderCapabilities, options: ReplayOptions,
        clock: any LocationClock = SystemClock.shared, isAvailable: @escaping @Sendable () -> Bool,
        open: @escaping Opener
    ) {
        self.init(
            identifier: identifier, capabilities: capabilities, options: options, clock: clock,
            unavailability: { isAvailable() ? nil : "not available" }, open: open)
    }

    /// Creates a replay provider that says why its recording cannot be opened (``ReplayFileCheck``).
    init(
        identifier: String, capabilities: LocationProviderCapabilities, options: ReplayOptions,
        clock: any LocationClock = SystemClock.shared, unavailability: @escaping @Sendable () -> String?,
        open: @escaping Opener
    ) {
        self.identifier = identifier
        self.capabilities = capabilities
        self.options = options
        self.open = open
        reasonUnavailable = unavailability
        pacer = ReplayPacer(options: options, clock: clock, source: identifier)
    }

    /// The clock managers fed by this provider follow: the virtual clock when replaying as fast as possible.
    public var clock: any LocationClock { pacer.clock }

    /// Whether the recording can be opened now.
    public var isAvailable: Bool { reasonUnavailable() == nil }

    /// Why the recording cannot be opened now (`/tmp is a directory`, `cannot read /x.nmea: No such file or
    /// directory`), or `nil` when it can; only `not available` for a provider made with an `isAvailable` check.
    public var unavailability: String? { reasonUnavailable() }

    /// A replay, which the hub holds back until its managers have room, started so that it announces its bursts.
    public var pacing: LocationProviderPacing {
        .replay(announcingBursts: { [self] handler in start(announcingBursts: handler) })
    }

    /// Opens the recording and starts playing it.
    public func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        start(announcingBursts: { delivery in
            if case .event(let event, _) = delivery { handler(event) }
        })
    }

    /// Starts as ``start(_:)`` does, telling with each event whether the next one follows at once, and when what
    /// was delivered must be handed over before the virtual clock runs actions: the hub's way to hand the managers
    /// a burst of a replay as fast as possible in one hop (through ``pacing``).
    private func start(announcingBursts handler: @escaping ReplayPacer.Handler) {
        let source: any ReplaySource
        do {
            source = try open()
        } catch {
            source = UnreadableSource(error: error)  // reported as the failure's underlying error
        }
        pacer.start(source, handler: handler)
    }

    /// Stops playing; no event follows once it returns.
    public func stop() {
        pacer.stop()
    }
}

/// The source of a recording that could not be opened: its first read fails, so the replay reports the failure
/// through the same path as a read error.
private final class UnreadableSource: ReplaySource {
    let error: any Error
    init(error: any Error) { self.error = error }
    func next() throws -> ReplayItem? { throw error }
    func rewind() throws { throw error }
}
