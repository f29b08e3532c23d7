import LinuxCoreLocation

/// Which authorization a block-based start asks for when the status is not determined yet.
///
/// Source: CLLocationManager-blocks' `CLLocationUpdateAuthorizationDescription`. On Apple's platforms the
/// matching `Info.plist` usage description must be present; on Linux the request is answered by
/// ``LocationAuthorization/policy``.
public enum CLLocationUpdateAuthorizationDescription: Sendable, Hashable {
    /// Ask with `requestAlwaysAuthorization()`.
    case always
    /// Ask with `requestWhenInUseAuthorization()`.
    case whenInUse

    /// Asks `manager` for this authorization.
    func request(from manager: CLLocationManager) {
        switch self {
        case .always: manager.requestAlwaysAuthorization()
        case .whenInUse: manager.requestWhenInUseAuthorization()
        }
    }
}
