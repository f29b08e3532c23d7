import GPSD
import LocationSupport

/// Fixes and headings from a gpsd daemon, over its JSON protocol (`gpsd://127.0.0.1:2947`).
///
/// **Linux only.**
///
/// While started, a `GPSDClient` holds one connection with `?WATCH={"enable":true,"json":true}`; the hub
/// starts the provider for the first manager that needs it and stops it after the last, and ``stop()`` sends
/// `?WATCH={"enable":false}` and closes the socket, so gpsd is free to power the receiver down. TPV reports
/// become locations stamped with gpsd's UTC time and marked as produced by an accessory, one per epoch (gpsd sends
/// several TPVs with one time for some receivers; the provider delivers the most complete); their 95 % error
/// estimates are rescaled to Apple's ~1σ accuracies (<doc:GPSDProvider>). ATT reports become headings: only
/// devices that report attitude (a compass, a dual-antenna receiver) deliver them.
///
/// One receiver is followed (issue 32: two receivers on one gpsd made a zig-zag track): the device `?device=`
/// names, else the first that reports a fix; the others' reports are left out, and one line on standard error says
/// which device is followed and names the others (`following /dev/ttyUSB0, the first device with a fix; gpsd also
/// serves /dev/ttyACM0, …`). ``servedDevices()`` lists what gpsd serves without watching.
///
/// Loss of fix (mode 0/1) and a lost connection are reported as ``LocationProviderEvent/fixLost``, once per
/// outage; the client reconnects by itself (`GPSDBackoffPolicy`: every 0.5 s while the port refuses, else 0.25 s
/// doubling to 8 s) and locations continue when fixes return. A report whose time lies before 1980 or more than
/// a day ahead of ``clock`` is skipped and counted, with one line on standard error per cause. A daemon speaking
/// another protocol major version fails the provider with `CLError(.network)`. Thread-safe; events arrive on
/// the client's serial event queue.
/// Source of semantics: gpsd_json(5), gpsd(8).
public final class GPSDLocationProvider: LocationProvider {
    /// The configuration name, such as the URI the provider was made from.
    public let identifier: String
    /// Endpoint, device filter and the client's timing rules.
    public let configuration: GPSDClientConfiguration
    /// The provider's one clock: the managers fed by it use it, it dates reports that carry no time, and the gpsd
    /// client's timers (connect timeout, reconnect backoff, silence) run on it.
    public let clock: any LocationClock
    /// Locations with accuracy, course, speed and altitude, and headings (from ATT reports).
    public var capabilities: LocationProviderCapabilities { [.location, .accuracy, .course, .altitude, .heading] }
    /// The budget of ``isAvailable``'s probe, in seconds.
    public static let probeTimeout = 1.0

    private typealias Run = (
        client: GPSDClient, translator: Locked<GPSDEventTranslator>, merger: GPSDEpochMerger
    )
    private let run = Locked<Run?>(nil)

    /// Creates a provider; nothing is connected until ``start(_:)``.
    ///
    /// - Parameters:
    ///   - identifier: The configuration name, e.g. `gpsd://127.0.0.1:2947`.
    ///   - configuration: Where gpsd listens, an optional device to watch, backoff and silence rules.
    ///   - clock: The managers' clock, the date of reports without a time and the client's timers (connect timeout,
    ///     backoff, silence); the system clock by default.
    public init(
        identifier: String, configuration: GPSDClientConfiguration = GPSDClientConfiguration(),
        clock: any LocationClock = SystemClock.shared
    ) {
        self.identifier = identifier
        self.configuration = configuration
        self.clock = clock
    }

    /// Whether gpsd answers: connects and reads its `VERSION` banner within ``probeTimeout`` (1 s), without
    /// watching, so no device is opened.
    ///
    /// Blocks the caller for at most about that long.
    public var isAvailable: Bool { unavailability == nil }

    /// Why gpsd does not answer (`connection refused`, `no banner within 1.0 s`), or `nil` when it does: the probe
    /// of ``isAvailable``.
    public var unavailability: String? {
        switch GPSDProbe.version(at: configuration.endpoint, timeout: Self.probeTimeout) {
        case .success: nil
        case .failure(let reason): "\(reason)"
        }
    }

    /// The receivers gpsd has open, asked with `?DEVICES;` without watching (no device is powered up for it), within
    /// ``probeTimeout``: for telling the user which devices there are to choose from with `?device=`.
    ///
    /// Blocks the caller for at most about ``probeTimeout``.
    ///
    /// - Returns: The devices in gpsd's order, or why gpsd did not tell (see `GPSDProbe.devices(at:timeout:)`).
    public func servedDevices() -> Result<[GPSDDevice], GPSDDisconnectReason> {
        GPSDProbe.devices(at: configuration.endpoint, timeout: Self.probeTimeout)
    }

    /// Connects and watches; events follow on the client's queue until ``stop()``.
    public func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        let clock = clock
        let translator = Locked(
            GPSDEventTranslator(
                source: identifier,
                sourceInformation: CLLocationSourceInformation(
                    softwareSimulationState: false, andExternalAccessoryState: true),
                device: configuration.device))
        let merger = GPSDEpochMerger(clock: clock, handler: handler)
        let started = GPSDClient(configuration: configuration, scheduler: GPSDClockScheduler(clock: clock)) { event in
            if let translated = translator.withLock({ $0.translate(event, now: clock.now) }) {
                merger.receive(translated)
            }
        }
        let previous = run.withLock { run in
            defer { run = (started, translator, merger) }
            return run
        }
        Self.finish(previous)
        started.start()
    }

    /// Sends `?WATCH={"enable":false}`, closes the socket and cancels any reconnect; no event follows once it
    /// returns (a handler already running is waited for).
    ///
    /// When reports were skipped for their time beyond the one line per cause already written, one line on
    /// standard error gives the counts. Idempotent.
    public func stop() {
        Self.finish(run.withLock { $0.take() })
    }

    /// Reports skipped for their time since the current start (0 while stopped).
    var skippedFixCount: Int { run.withLock { $0?.translator.withLock { $0.skipped.total } } ?? 0 }

    private static func finish(_ run: Run?) {
        guard let run else { return }
        run.client.stop()
        run.merger.stop()
        if let summary = run.translator.withLock({ $0.skipped.summary }) { Diagnostics.warn(summary) }
    }
}
