import LinuxCoreLocation

/// How a request of ``LocationRequestCenter`` ended, or what a subscription reports.
///
/// Source: INTULocationManager's `INTULocationStatus`, with the error carried along.
public enum LocationRequestStatus: Sendable, Equatable {
    /// A fix met the requested level (subscriptions: a new fix).
    case success
    /// The timeout passed, the request was force-completed, or its provider finished first
    /// (``LocationRequestResult/providerFinished``); the result carries the most accurate valid fix seen during
    /// the request, if any.
    case timedOut
    /// The user has not answered the authorization request yet (reported at the timeout).
    case notDetermined
    /// Authorization is denied, or was taken away.
    case denied
    /// Authorization is restricted.
    case restricted
    /// Location services are off: no provider is configured, or the services switch is off
    /// (``/LinuxCoreLocation/LocationAuthorization/locationServicesEnabled``). A configured provider that does not
    /// answer at the moment (gpsd not yet running) is not this: requests wait for it.
    case servicesDisabled
    /// Location services failed with this error (not `locationUnknown`, which is transient and ignored).
    case error(CLError)
}
