import Dispatch

/// The authorization status of the process, like an iOS app's, and how requests for it are answered.
///
/// **Linux only.**
///
/// ``shared`` serves every manager unless one is given another (tests do). Its initial status comes from the
/// environment variable `CORELOCATION_AUTHORIZATION` (a case name of ``CLAuthorizationStatus`` such as
/// `authorizedWhenInUse`, case-insensitive; `notDetermined` when unset or unknown). Requests are answered
/// asynchronously by ``policy``; every change is reported to every manager on its own thread. Thread-safe.
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
    }

    private struct WeakObserver {
        weak var engine: LocationManagerEngine?
    }

    private let state: Protected<State>

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

    /// The current status.
    public var status: CLAuthorizationStatus { state.withLock { $0.status } }

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
        let observers: [LocationManagerEngine] = state.withLock { state in
            guard state.status != status else { return [] }
            state.status = status
            return state.observers.values.compactMap(\.engine)
        }
        for engine in observers { engine.authorizationDidChange() }
    }

    /// Asks the policy, on a global queue, to answer `request` if it can change the status.
    func request(_ request: AuthorizationRequest) {
        let (current, policy) = state.withLock { state in
            state.requested = true
            return (state.status, state.policy)
        }
        guard current == .notDetermined || (current == .authorizedWhenInUse && request == .always) else { return }
        DispatchQueue.global().async { [self] in
            if let decided = policy.decide(request, current) { setStatus(decided) }
        }
    }

    /// Whether any manager has asked for authorization yet.
    var hasBeenRequested: Bool { state.withLock { $0.requested } }

    func addObserver(_ engine: LocationManagerEngine) {
        state.withLock { $0.observers[ObjectIdentifier(engine)] = WeakObserver(engine: engine) }
    }

    func removeObserver(_ engine: LocationManagerEngine) {
        _ = state.withLock { $0.observers.removeValue(forKey: ObjectIdentifier(engine)) }
    }

    /// Parses a `CORELOCATION_AUTHORIZATION` value; warns on standard error and returns `notDetermined` when
    /// the value names no status.
    static func statusFromEnvironment(_ value: String?) -> CLAuthorizationStatus {
        guard let value, !value.isEmpty else { return .notDetermined }
        let statuses: [String: CLAuthorizationStatus] = [
            "notdetermined": .notDetermined, "restricted": .restricted, "denied": .denied,
            "authorizedalways": .authorizedAlways, "authorized": .authorizedAlways,
            "authorizedwheninuse": .authorizedWhenInUse,
        ]
        if let status = statuses[value.lowercased()] { return status }
        Diagnostics.warn(
            "CORELOCATION_AUTHORIZATION=\(value) names no status; using notDetermined "
                + "(use notDetermined, restricted, denied, authorizedAlways or authorizedWhenInUse)")
        return .notDetermined
    }
}
