import Foundation

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
/// ``CLAuthorizationStatus/denied``, as on iOS. The managers made with one authorization are one app: they share
/// their monitored regions too, as every manager of an iOS app does (see the "Location on Linux" article); the
/// authorization is the public face of that app, which holds the state. Thread-safe.
public final class LocationAuthorization: Sendable {
    /// The process-wide authorization, initialised from `CORELOCATION_AUTHORIZATION`.
    public static let shared = LocationAuthorization(
        status: statusFromEnvironment(ProcessInfo.processInfo.environment["CORELOCATION_AUTHORIZATION"]))

    /// The app of the managers made with this authorization: its status, switch, regions and managers.
    let app: LocationApp

    /// Creates an authorization.
    ///
    /// - Parameters:
    ///   - status: The initial status.
    ///   - accuracy: The accuracy authorization; full by default. Reduced accuracy is reported to the app but
    ///     degrades no fix (see the "Porting from iOS" article).
    ///   - policy: How requests are answered; ``AuthorizationPolicy/grant`` by default.
    public init(
        status: CLAuthorizationStatus = .notDetermined, accuracy: CLAccuracyAuthorization = .fullAccuracy,
        policy: AuthorizationPolicy = .grant
    ) {
        app = LocationApp(status: status, accuracy: accuracy, policy: policy)
    }

    /// The current status: ``CLAuthorizationStatus/denied`` while ``locationServicesEnabled`` is `false`,
    /// whatever the app was granted.
    public var status: CLAuthorizationStatus { app.status }

    /// Whether Location Services are on for the whole system, like the switch at the top of iOS's
    /// Settings › Privacy › Location Services; `true` by default.
    ///
    /// While it is `false`, ``status`` reads ``CLAuthorizationStatus/denied``, requests are not answered, and
    /// `CLLocationManager.locationServicesEnabled()` is `false`; the app's own status comes back when it is
    /// turned on again. A change is reported to every manager as an authorization change.
    public var locationServicesEnabled: Bool {
        get { app.servicesEnabled }
        set { app.servicesEnabled = newValue }
    }

    /// The current accuracy authorization.
    public var accuracy: CLAccuracyAuthorization { app.accuracy }

    /// How requests are answered from now on.
    public var policy: AuthorizationPolicy {
        get { app.policy }
        set { app.policy = newValue }
    }

    /// Whether fixes may flow: ``CLAuthorizationStatus/authorizedAlways`` or
    /// ``CLAuthorizationStatus/authorizedWhenInUse``.
    public var isAuthorized: Bool { app.isAuthorized }

    /// Sets the status as a user changing the app's setting would, telling every manager.
    ///
    /// - Parameter status: The new status; setting the current one again reports nothing.
    ///   ``CLAuthorizationStatus/notDetermined`` also lets a request for always be asked again (see
    ///   ``AuthorizationPolicy``), as after a reset of iOS's privacy settings.
    public func setStatus(_ status: CLAuthorizationStatus) {
        app.setStatus(status)
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
