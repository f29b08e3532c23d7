import LinuxCoreLocation

/// Which authorization a block-based start (`startUpdatingLocation(update:)`) requests.
///
/// Source: CLLocationManager-blocks' `CLLocationUpdateAuthorizationDescription`. On Apple's platforms the
/// matching `Info.plist` usage description must be present; on Linux the request is answered by
/// ``/LinuxCoreLocation/LocationAuthorization/policy``. Raw values as the pod's `NS_ENUM(NSUInteger, …)` imports.
public enum CLLocationUpdateAuthorizationDescription: UInt, Sendable, Hashable {
    /// Ask with `requestAlwaysAuthorization()` (raw value 0, the pod's default).
    case always = 0
    /// Ask with `requestWhenInUseAuthorization()` (raw value 1).
    case whenInUse = 1

    /// Asks `manager` for this authorization.
    func request(from manager: CLLocationManager) {
        switch self {
        case .always: manager.requestAlwaysAuthorization()
        case .whenInUse: manager.requestWhenInUseAuthorization()
        }
    }
}
