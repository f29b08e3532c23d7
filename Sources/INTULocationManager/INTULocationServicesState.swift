/// Whether location services can serve this app, from the system switch and the app's authorization.
///
/// Raw values as in INTULocationManager's `INTULocationServicesState` (`NS_ENUM(NSInteger)`).
public enum INTULocationServicesState: Int, Sendable {
    /// Authorized (always or when in use), and services are on.
    case available = 0
    /// The user has not answered the authorization request yet.
    case notDetermined = 1
    /// The user denied this app access.
    case denied = 2
    /// Access is restricted by a policy.
    case restricted = 3
    /// Location services are off: on Linux, no provider is configured or found, or the switch is off.
    case disabled = 4
}
