/// What the engine knows about whether fixes may flow, as the flags of Apple's diagnostics read it: the
/// common ground of ``CLServiceSession/Diagnostic``, ``CLBackgroundActivitySession/Diagnostic`` and the iOS 18
/// properties of ``CLLocationUpdate``.
///
/// Linux counts "no provider configured or found" as Location Services being off, the rule
/// `CLLocationManager.locationServicesEnabled()` follows.
struct AuthorizationFacts: Equatable {
    /// Location Services are off: the authorization's switch is off, or there is no provider.
    var deniedGlobally: Bool
    /// The app's own authorization is denied (while Location Services are on).
    var denied: Bool
    /// The app's authorization is restricted.
    var restricted: Bool
    /// An authorization request is waiting for the policy's answer.
    var requestInProgress: Bool
    /// The app has reduced accuracy only.
    var accuracyLimited: Bool
    /// The app's status, as apps see it.
    var status: CLAuthorizationStatus

    init(_ snapshot: LocationApp.Snapshot, hasProvider: Bool) {
        deniedGlobally = !snapshot.servicesEnabled || !hasProvider
        denied = !deniedGlobally && snapshot.status == .denied
        restricted = !deniedGlobally && snapshot.status == .restricted
        requestInProgress = snapshot.requestInProgress
        accuracyLimited = snapshot.accuracy == .reducedAccuracy
        status = snapshot.status
    }

    /// Whether fixes may flow as far as authorization goes.
    var isAuthorized: Bool {
        !deniedGlobally && (status == .authorizedAlways || status == .authorizedWhenInUse)
    }
}
