import LocationBlocks

/// How a location request ended, or what a subscription's update reports.
///
/// ``success`` and ``timedOut`` come with a location (or `nil` when none was had); the others report why
/// location services could not serve the request. When several apply, the first in this order wins:
/// ``servicesDisabled``, ``servicesNotDetermined``, ``servicesDenied``, ``servicesRestricted``, ``error``,
/// ``timedOut``, ``success``. Raw values as in INTULocationManager's `INTULocationStatus` (`NS_ENUM(NSInteger)`).
public enum INTULocationStatus: Int, Sendable {
    /// A location met the desired accuracy (subscriptions: a new update).
    case success = 0
    /// The timeout passed, or the request was force-completed, before a location met the desired accuracy.
    case timedOut = 1
    /// The user has not answered the authorization request yet.
    case servicesNotDetermined = 2
    /// The user denied this app access to location services.
    case servicesDenied = 3
    /// Access to location services is restricted (a policy, not the user's answer).
    case servicesRestricted = 4
    /// Location services are off: on Linux, no provider is configured or found, or it is unavailable.
    case servicesDisabled = 5
    /// Location services reported an error (any `CLError` but the transient `locationUnknown`).
    case error = 6

    /// The status LocationBlocks reported.
    init(_ status: LocationRequestStatus) {
        switch status {
        case .success: self = .success
        case .timedOut: self = .timedOut
        case .notDetermined: self = .servicesNotDetermined
        case .denied: self = .servicesDenied
        case .restricted: self = .servicesRestricted
        case .servicesDisabled: self = .servicesDisabled
        case .error: self = .error
        }
    }
}
