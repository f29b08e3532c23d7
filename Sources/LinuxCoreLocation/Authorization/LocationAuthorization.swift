import Dispatch

/// The authorization status of the process, like an iOS app's, and how requests for it are answered.
///
/// **Linux only.**
///
/// ``shared`` serves every manager unless one is given another (tests do). Its initial status comes from the
/// environment variable `CORELOCATION_AUTHORIZATION` (a case name of ``CLAuthorizationStatus`` such as
/// `authorizedWhenInUse`, case-insensitive; `notDetermined` when unset; `denied`, with a warning, when it names
/// no status, so that a typo never grants what it meant to refuse). Requests are answered
/// asynchronously by ``policy``; every change is reported to every manager on its own thread.
/// ``locationServicesEnabled`` is the system-wide switch of iOS's Settings: while it is off every status reads
/// ``CLAuthorizationStatus/denied``, as on iOS. Managers that share an authorization share their monitored
/// regions too, as every manager of an iOS app does (see the "Location on Linux" article). Thread-safe.
public final class LocationAuthorization: Sendable {
    /// The process-wide authorization, initialised from `CORELOCATION_AUTHORIZATION`.
    public static let shared = LocationAuthorization(
        status: statusFromEnvironment(ProcessInfo.processInfo.environment["CORELOCATION_AUTHORIZATION"]))

    private struct State {
        var status: CLAuthorizationStatus
        var accuracy: CLAccuracyAuthorization
        var policy: AuthorizationPolicy
        var observers: [ObjectIdentifier: WeakObserver] = [:]
        var requested = false
        var servicesEnabled = true
        /// Whether a request was handed to the policy and is not answered yet: iOS shows one prompt at a time.
        var requestInFlight = false
        var watchers: [Int: @Sendable () -> Void] = [:]
        var nextWatcher = 0

        /// The status apps see: the app's own, or `denied` while Location Services are off.
        var effectiveStatus: CLAuthorizationStatus { servicesEnabled ? status : .denied }

        var snapshot: Snapshot {
            Snapshot(
                status: effectiveStatus, servicesEnabled: servicesEnabled, requestInProgress: requestInFlight,
                accuracy: accuracy)
        }
    }

    /// Everything diagnostics report about an authorization at one moment.
    struct Snapshot: Equatable {
        var status: CLAuthorizationStatus
        var servicesEnabled: Bool
        var requestInProgress: Bool
        var accuracy: CLAccuracyAuthorization
    }

    private struct WeakObserver {
        weak var engine: LocationManagerEngine?
    }

    private let state: Protected<State>

    /// The regions monitored by the managers that use this authorization: the app's set.
    let monitoredRegions = MonitoredRegions(
        limit: LocationManagerEngine.maximumMonitoredRegions,
        maximumRadius: LocationManagerEngine.maximumRegionMonitoringDistance)

    /// Creates an authorization.
    ///
    /// - Parameters:
    ///   - status: The initial status.
    ///   - accuracy: The accuracy authorization; full by default.
    ///   - policy: How requests are answered; ``AuthorizationPolicy/grant`` by default.
    public init(
        status: CLAuthorizationStatus = .notDetermined, accuracy: CLAccuracyAuthorization = .fullAccuracy,
        policy: AuthorizationPolicy = .grant
    ) {
        state = Protected(State(status: status, accuracy: accuracy, policy: policy))
    }

    /// The current status: ``CLAuthorizationStatus/denied`` while ``locationServicesEnabled`` is `false`,
    /// whatever the app was granted.
    public var status: CLAuthorizationStatus { state.withLock { $0.effectiveStatus } }

    /// Whether Location Services are on for the whole system, like the switch at the top of iOS's
    /// Settings › Privacy › Location Services; `true` by default.
    ///
    /// While it is `false`, ``status`` reads ``CLAuthorizationStatus/denied``, requests are not answered, and
    /// `CLLocationManager.locationServicesEnabled()` is `false`; the app's own status comes back when it is
    /// turned on again. A change is reported to every manager as an authorization change.
    public var locationServicesEnabled: Bool {
        get { state.withLock { $0.servicesEnabled } }
        set { change { $0.servicesEnabled = newValue } }
    }

    /// The current accuracy authorization.
    public var accuracy: CLAccuracyAuthorization { state.withLock { $0.accuracy } }

    /// How requests are answered from now on.
    public var policy: AuthorizationPolicy {
        get { state.withLock { $0.policy } }
        set { state.withLock { $0.policy = newValue } }
    }

    /// Whether fixes may flow: ``CLAuthorizationStatus/authorizedAlways`` or ``CLAuthorizationStatus/authorizedWhenInUse``.
    public var isAuthorized: Bool { status == .authorizedAlways || status == .authorizedWhenInUse }

    /// Sets the status as a user changing the app's setting would, telling every manager.
    ///
    /// - Parameter status: The new status; setting the current one again changes nothing.
    public func setStatus(_ status: CLAuthorizationStatus) {
        change { $0.status = status }
    }

    /// Applies `body` to the state, tells every manager when the status apps see changed, and every watcher
    /// when anything diagnostics report changed.
    private func change(_ body: (inout State) -> Void) {
        let (engines, watchers) = state.withLock { state in
            let (before, snapshot) = (state.effectiveStatus, state.snapshot)
            body(&state)
            let engines = state.effectiveStatus != before ? state.observers.values.compactMap(\.engine) : []
            return (engines, state.snapshot != snapshot ? Array(state.watchers.values) : [])
        }
        for engine in engines { engine.authorizationDidChange() }
        for watcher in watchers { watcher() }
    }

    /// The values diagnostics report now.
    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// Calls `body` on the changing thread after every change of ``snapshot``; returns a key for ``unwatch(_:)``.
    func watch(_ body: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.nextWatcher += 1
            state.watchers[state.nextWatcher] = body
            return state.nextWatcher
        }
    }

    /// Stops calling the watcher with `key`.
    func unwatch(_ key: Int) {
        _ = state.withLock { $0.watchers.removeValue(forKey: key) }
    }

    /// Asks the policy, on a thread of its own, to answer `request` if it can change the status and no other
    /// request waits for its answer.
    ///
    /// As iOS shows one prompt at a time, requests made while the policy decides are ignored: they are answered by
    /// the same decision. The policy may block (a person answering); its own thread keeps that wait off the
    /// dispatch pool the managers' timers and providers use.
    func request(_ request: AuthorizationRequest) {
        var policy: AuthorizationPolicy?
        var current = CLAuthorizationStatus.notDetermined
        change { state in
            state.requested = true
            current = state.status
            guard state.servicesEnabled, !state.requestInFlight,
                current == .notDetermined || (current == .authorizedWhenInUse && request == .always)
            else { return }
            policy = state.policy
            state.requestInFlight = true
        }
        guard let policy else { return }
        let asking = Thread { [self, current] in
            let decided = policy.decide(request, current)
            change { state in
                state.requestInFlight = false
                if let decided { state.status = decided }
            }
        }
        asking.name = "LocationAuthorization.policy"
        asking.start()
    }

    /// Whether any manager has asked for authorization yet.
    var hasBeenRequested: Bool { state.withLock { $0.requested } }

    /// The managers using this authorization, for the changes they share (monitored regions).
    var engines: [LocationManagerEngine] { state.withLock { $0.observers.values.compactMap(\.engine) } }

    func addObserver(_ engine: LocationManagerEngine) {
        state.withLock { $0.observers[ObjectIdentifier(engine)] = WeakObserver(engine: engine) }
    }

    func removeObserver(_ engine: LocationManagerEngine) {
        _ = state.withLock { $0.observers.removeValue(forKey: ObjectIdentifier(engine)) }
    }

    /// The status names `CORELOCATION_AUTHORIZATION` accepts, as error messages list them (case is ignored, and
    /// `authorized` is read as `authorizedAlways`, iOS 7's name).
    public static let statusNames = [
        "notDetermined", "restricted", "denied", "authorizedAlways", "authorizedWhenInUse",
    ]

    /// The status a `CORELOCATION_AUTHORIZATION` value names, or `nil` when it names none.
    ///
    /// - Parameter name: A case name of ``CLAuthorizationStatus`` in any case (`authorizedWhenInUse`, `DENIED`),
    ///   or `authorized`.
    /// - Returns: The status, or `nil` for any other text (a tool can refuse it with ``statusNames`` as the
    ///   accepted values, as `corelocation` does with exit status 64).
    public static func status(named name: String) -> CLAuthorizationStatus? {
        let statuses: [String: CLAuthorizationStatus] = [
            "notdetermined": .notDetermined, "restricted": .restricted, "denied": .denied,
            "authorizedalways": .authorizedAlways, "authorized": .authorizedAlways,
            "authorizedwheninuse": .authorizedWhenInUse,
        ]
        return statuses[name.lowercased()]
    }

    /// Parses a `CORELOCATION_AUTHORIZATION` value: `notDetermined` when unset or empty; when the value names no
    /// status (a typo such as `denyed`), a warning on standard error and `denied` — a misconfiguration fails
    /// closed, it never grants positions the setting may have meant to refuse.
    static func statusFromEnvironment(_ value: String?) -> CLAuthorizationStatus {
        guard let value, !value.isEmpty else { return .notDetermined }
        if let status = status(named: value) { return status }
        Diagnostics.warn(
            "CORELOCATION_AUTHORIZATION=\(value) names no authorization status; location access is denied until it "
                + "does (expected \(statusNames.joined(separator: ", ")))")
        return .denied
    }
}
