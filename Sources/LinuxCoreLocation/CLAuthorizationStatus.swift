/// Whether the app may use location services, with Apple's raw values.
///
/// On Linux the status is process-wide, as Apple's is app-wide; see the "Authorization on Linux" article.
/// Source: Apple's CoreLocation documentation (`CLAuthorizationStatus`).
public enum CLAuthorizationStatus: Int32, Sendable {
    /// The user has not yet chosen. Raw value 0.
    case notDetermined = 0
    /// The app may not use location services, and the user cannot change that. Raw value 1.
    case restricted = 1
    /// The user denied location services to the app, or turned them off. Raw value 2.
    case denied = 2
    /// The app may use location services at any time. Raw value 3.
    case authorizedAlways = 3
    /// The app may use location services while in use. Raw value 4.
    case authorizedWhenInUse = 4

    /// The macOS name of ``authorizedAlways``: the same value, not a sixth case.
    public static var authorized: CLAuthorizationStatus { .authorizedAlways }
}
