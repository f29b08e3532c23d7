/// The kind of authorization an app asks for.
///
/// **Linux only.**
public enum AuthorizationRequest: Sendable {
    /// `requestWhenInUseAuthorization()`.
    case whenInUse
    /// `requestAlwaysAuthorization()`.
    case always
}
