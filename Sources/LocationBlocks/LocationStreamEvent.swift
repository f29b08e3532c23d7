import LinuxCoreLocation

/// What the managers of a ``LocationStreams`` report, before each stream picks what it wants.
enum LocationStreamEvent: Sendable {
    case locations([CLLocation], significantChanges: Bool)
    /// Standard updates paused or resumed.
    case updates(LocationUpdatesEvent)
    case heading(CLHeading)
    case region(RegionEvent)
    case visit(CLVisit)
    case authorization(CLAuthorizationStatus)
    case error(CLError)
    /// The provider has no more fixes (a replay reached its end).
    case providerFinished

    /// Why a one-fix call (``LocationStreams/location(accuracyFilter:ageFilter:)``,
    /// ``LocationStreams/significantLocationChange()``) can no longer get its fix, if this event says so.
    ///
    /// Denial (the error, or the status, which a significant-change start does not report as an error), a
    /// failure of the service, or the provider's end, reported as `locationUnknown`, as Core Location reports a
    /// `requestLocation()` that found no fix. The transient `locationUnknown` and a heading failure (another
    /// service's) do not end it.
    var oneFixFailure: CLError? {
        switch self {
        case .error(let error) where error.code != .locationUnknown && error.code != .headingFailure:
            return error
        case .authorization(.denied), .authorization(.restricted):
            return CLError(.denied)
        case .providerFinished:
            return CLError(.locationUnknown)
        default:
            return nil
        }
    }
}

/// Passes the managers' callbacks of a ``LocationStreams`` to it, which it does not keep alive.
final class LocationStreamsObserver: NSObject, LinuxLocationManagerDelegate {
    private weak var streams: LocationStreams?

    init(streams: LocationStreams) {
        self.streams = streams
    }

    private func send(_ event: LocationStreamEvent, from manager: CLLocationManager) {
        streams?.dispatch(event, now: manager.eventTime)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        send(.locations(locations, significantChanges: manager !== streams?.updates), from: manager)
    }
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        send(.updates(.paused), from: manager)
    }
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        send(.updates(.resumed), from: manager)
    }
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        send(.heading(newHeading), from: manager)
    }
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        send(.region(.didStartMonitoring(region)), from: manager)
    }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        send(.region(.didEnter(region)), from: manager)
    }
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        send(.region(.didExit(region)), from: manager)
    }
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        send(.region(.didDetermineState(state, region)), from: manager)
    }
    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        send(
            .region(.monitoringDidFail(region, (error as? CLError) ?? CLError(.regionMonitoringFailure))), from: manager
        )
    }
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        send(.visit(visit), from: manager)
    }
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        guard manager === streams?.updates else { return }
        send(.authorization(manager.authorizationStatus), from: manager)
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        send(.error((error as? CLError) ?? CLError(.network)), from: manager)
    }
    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        send(.providerFinished, from: manager)
    }
}
