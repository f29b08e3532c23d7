import DBus
import Dispatch
import LocationSupport

/// Fixes from GeoClue2, the location service of Linux desktops, over the system D-Bus.
///
/// **Linux only.**
///
/// URI: `geoclue:` with optional parameters (see ``GeoClueOptions``), e.g.
/// `geoclue:?accuracy=city&desktop-id=org.example.Tracker`. Starting connects to the system bus, asks GeoClue
/// for a client (`GetClient`), sets its `DesktopId`, `RequestedAccuracyLevel`, `DistanceThreshold` and
/// `TimeThreshold`, and calls `Start`; each `LocationUpdated` signal becomes one fix read with `GetAll` from
/// the new `Location` object. Stopping calls `Stop` and `DeleteClient` and closes the connection. Every call
/// waits at most 5 seconds for its reply.
///
/// Failures are reported as ``LocationProviderEvent/failed(_:)`` with a diagnostic on standard error:
/// GeoClue refusing access (the desktop id not allowed, no agent) as `CLError(.denied)`; no bus, no GeoClue
/// or GeoClue leaving the bus as `CLError(.network)`. Malformed locations are skipped with a diagnostic.
/// Thread-safe; events are delivered on a serial queue of the provider's own.
public final class GeoClueLocationProvider: LocationProvider {
    /// Opens a connection to the bus with the given reply timeout in seconds.
    typealias Connector = @Sendable (Double) throws(DBusError) -> DBusConnection

    private struct State {
        var generation = 0
        var session: GeoClueSession?
        var failed = false
        /// Updates skipped since the last start.
        var skipped: SkippedFixes
        /// Signals ignored since the last start, by reason.
        var ignored: [String: Int] = [:]
    }

    /// What the provider asks GeoClue for.
    public let options: GeoClueOptions
    /// The configuration name, such as the URI the provider was made from.
    public let identifier: String
    /// The system clock: GeoClue stamps its own fixes.
    public let clock: any LocationClock
    /// Seconds each D-Bus call waits for its reply.
    let replyTimeout: Double
    private let connect: Connector
    private let announce: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "LinuxCoreLocation.GeoClue")
    private let state: Locked<State>

    /// Creates a provider that talks to GeoClue on the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else
    /// `/run/dbus/system_bus_socket`).
    ///
    /// - Parameters:
    ///   - options: Accuracy level, desktop id and thresholds.
    ///   - identifier: The configuration name; `geoclue:` with the options by default.
    public convenience init(options: GeoClueOptions = GeoClueOptions(), identifier: String? = nil) {
        self.init(options: options, identifier: identifier) { (timeout) throws(DBusError) in
            try DBusConnection.systemBus(replyTimeout: timeout)
        }
    }

    /// Creates a provider whose connections come from `connect`, and whose diagnostics go to `announce`
    /// (standard error by default): for tests with a fake bus.
    init(
        options: GeoClueOptions, identifier: String? = nil, clock: any LocationClock = SystemClock.shared,
        replyTimeout: Double = DBus.defaultReplyTimeout,
        announce: @escaping @Sendable (String) -> Void = { Diagnostics.warn($0) }, connect: @escaping Connector
    ) {
        self.options = options
        self.identifier =
            identifier
            ?? "geoclue:?accuracy=\(options.accuracyLevel.name)&desktop-id=\(options.desktopID)"
            + "&distance-threshold=\(options.distanceThreshold)&time-threshold=\(options.timeThreshold)"
        self.clock = clock
        self.replyTimeout = replyTimeout
        self.connect = connect
        self.announce = announce
        state = Locked(State(skipped: SkippedFixes(source: self.identifier, announce: announce)))
    }

    /// Locations with an accuracy, and altitude, speed and heading when GeoClue knows them.
    public var capabilities: LocationProviderCapabilities { [.location, .accuracy, .altitude, .course] }

    /// Whether a system bus answers within a second and GeoClue is on it or can be started by it.
    public var isAvailable: Bool { unavailability == nil }

    /// Why GeoClue cannot be used now — no system bus, GeoClue not on it — in the words a failed start uses
    /// (`no system D-Bus (…); GeoClue2 needs one`), or `nil` when it can.
    public var unavailability: String? {
        do {
            let connection = try GeoClueFailures.step("Connect") { try connect(1) }
            defer { connection.close() }
            let reachable = try GeoClueFailures.step("NameHasOwner") { try GeoClueBus.isReachable(on: connection) }
            return reachable
                ? nil : "GeoClue2 is not on the system bus and cannot be started by it; install geoclue-2.0"
        } catch {
            return GeoClueFailures.report(for: error, options: options).message
        }
    }

    /// Connects and starts a GeoClue client on the provider's queue; fixes follow as GeoClue reports them.
    public func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        let generation = state.withLock { state in
            state.generation += 1
            state.failed = false
            state.skipped = SkippedFixes(source: identifier, announce: announce)
            state.ignored = [:]
            return state.generation
        }
        queue.async { [self] in
            guard isCurrent(generation) else { return }
            do {
                let connection = try GeoClueFailures.step("connect") { try connect(replyTimeout) }
                let session = try GeoClueSession.open(
                    options, on: connection, onIgnored: { [weak self] in self?.ignore($0, generation: generation) }
                ) { [weak self] event in
                    guard let provider = self else { return }
                    provider.queue.async { provider.handle(event, generation: generation, handler: handler) }
                }
                let kept = state.withLock { state in
                    guard state.generation == generation else { return false }
                    state.session = session
                    return true
                }
                if !kept { session.close() }
            } catch {
                fail(error, generation: generation, handler: handler)
            }
        }
    }

    /// Stops and deletes the GeoClue client and closes the connection; waits for a start in progress.
    ///
    /// No event follows once it returns. When updates were skipped beyond the one line per cause already written,
    /// one line on standard error gives the counts.
    public func stop() {
        state.withLock { $0.generation += 1 }
        queue.sync {
            state.withLock { $0.session.take() }?.close()
        }
        if let summary = state.withLock({ $0.skipped.summary }) { announce(summary) }
    }

    /// Signals ignored since the last start, by reason (see ``GeoClueSession/screen(_:)`` and
    /// ``GeoClueSession/interpret(_:)``).
    var ignoredSignals: [String: Int] { state.withLock { $0.ignored } }

    /// What the connection of the started client skipped or could not read, or `nil` while stopped.
    var connectionStatistics: DBusConnectionStatistics? { state.withLock { $0.session?.connection.statistics } }

    /// Updates skipped since the last start because they did not make a fix.
    var skippedFixCount: Int { state.withLock { $0.skipped.total } }

    /// The object path of the GeoClue client while one is started, else `nil`.
    var clientPath: String? { state.withLock { $0.session?.client } }

    /// The bus's unique name for the provider's connection while a client is started, else `nil`.
    var connectionName: String? { state.withLock { $0.session?.connection.uniqueName } }

    private func isCurrent(_ generation: Int) -> Bool {
        state.withLock { $0.generation == generation && !$0.failed }
    }

    /// Runs on the queue for each event of the session.
    private func handle(
        _ event: GeoClueSession.Event, generation: Int, handler: @Sendable (LocationProviderEvent) -> Void
    ) {
        guard isCurrent(generation), let session = state.withLock({ $0.session }) else { return }
        switch event {
        case .closed(let error):
            fail(GeoClueSession.Failure(step: "connection", error: error), generation: generation, handler: handler)
        case .serviceLeft:
            let error = DBusError.disconnected(reason: "GeoClue2 left the bus")
            fail(GeoClueSession.Failure(step: "service", error: error), generation: generation, handler: handler)
        case .locationUpdated(let path):
            do {
                handler(.locations([try GeoClueFix.location(from: try session.location(at: path), now: clock.now)]))
            } catch let error as GeoClueFix.Invalid {
                skip(error.cause, "\(path): \(error)", generation: generation)
            } catch {
                skip("Location unreadable", "cannot read \(path): \(error)", generation: generation)
            }
        }
    }

    /// Counts a location that does not make a fix; the first of each cause is announced.
    private func skip(_ cause: String, _ detail: String, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.skipped.skip(cause, detail)
        }
    }

    /// Counts a signal not believed or not meant for us; the first of each reason is announced.
    private func ignore(_ reason: String, generation: Int) {
        let first = state.withLock { state in
            guard state.generation == generation else { return false }
            state.ignored[reason, default: 0] += 1
            return state.ignored[reason] == 1
        }
        if first { announce(Diagnostics.line(identifier, "ignored \(reason) (further ones are counted, not shown)")) }
    }

    /// Reports a failure once per start, its diagnostic as the `CLError`'s underlying ``LocationProviderFailure``
    /// (not repeated on standard error); the hub then stops the provider.
    private func fail(_ error: any Error, generation: Int, handler: @Sendable (LocationProviderEvent) -> Void) {
        let report = GeoClueFailures.report(for: error, options: options)
        let first = state.withLock { state in
            guard state.generation == generation, !state.failed else { return false }
            state.failed = true
            return true
        }
        guard first else { return }
        handler(
            .failed(CLError(report.code, userInfo: [NSUnderlyingErrorKey: LocationProviderFailure(report.message)])))
    }
}

extension GeoClueLocationProvider {
    /// Makes a provider from `geoclue:[?accuracy=…&desktop-id=…&distance-threshold=…&time-threshold=…]`.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` as ``GeoClueOptions/init(uri:)``.
    @Sendable static func make(_ uri: LocationProviderURI) throws -> any LocationProvider {
        GeoClueLocationProvider(options: try GeoClueOptions(uri: uri), identifier: uri.description)
    }
}
