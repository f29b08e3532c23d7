import LinuxCoreLocation

// What the center's managers report, applied to the pending requests; on the callback queue.
extension LocationRequestCenter {
    /// Fixes are judged at the time the provider delivered them (`eventTime`), not when this runs: a replay as fast
    /// as possible moves its clock on while they wait on the callback queue, and a fix fresh when delivered must
    /// meet its level on every run, however late it is handled.
    func received(_ fixes: [CLLocation], from manager: CLLocationManager) {
        let now = manager.eventTime
        let significantChanges = manager !== updates
        for fix in fixes {
            if !significantChanges && fix.horizontalAccuracy >= 0 { lastFix = fix }
            let result = LocationRequestResult(
                location: fix, status: .success, achievedAccuracy: LocationRequestAccuracy.achieved(by: fix, at: now))
            // Handlers may cancel requests, so each one is looked up again.
            for id in requests.keys.sorted() {
                guard var request = requests[id] else { continue }
                switch request.kind {
                case .oneShot(let accuracy, _, _) where !significantChanges:
                    request.consider(fix)
                    requests[id] = request
                    if accuracy.isMet(by: fix, at: now) { finish(id, status: .success, location: fix) }
                case .locations where !significantChanges, .significantChanges where significantChanges:
                    request.onLocation?(result)
                default:
                    break
                }
            }
        }
    }

    func received(_ heading: CLHeading) {
        for id in requests.keys.sorted() {
            guard let request = requests[id], request.needsHeadings else { continue }
            request.onHeading?(heading, .success)
        }
    }

    /// `locationUnknown` is transient and ignored; denial ends everything; a heading failure ends heading
    /// subscriptions; any other error ends the requests served by the failing manager.
    func failed(_ error: any Error, from manager: CLLocationManager) {
        let error = (error as? CLError) ?? CLError(.network)
        switch error.code {
        case .locationUnknown:
            return
        case .denied:
            finishAll(.denied) { _ in true }
        case .headingFailure:
            finishAll(.error(error), where: \.needsHeadings)
        default:
            finishAll(.error(error)) { !$0.needsHeadings && $0.isServed(by: manager, updates: updates) }
        }
    }

    /// Ends the one-shot requests when the provider of the standard updates finished (a replay reached its end).
    ///
    /// No fix will come, so they end now, as ``LocationRequestCenter/forceComplete(_:)`` ends them
    /// (``LocationRequestStatus/timedOut`` with the best fix seen), marked
    /// ``LocationRequestResult/providerFinished``; waiting out their timeouts, or for ever without one, would only
    /// hang. Subscriptions stay: they end when cancelled.
    func providerFinished(_ manager: CLLocationManager) {
        guard manager === updates else { return }
        for id in requests.keys.sorted() where requests[id]?.isOneShot == true {
            finish(id, status: .timedOut, providerFinished: true)
        }
    }

    /// Denial ends every request; a grant starts the countdowns that waited for it.
    func authorizationChanged() {
        switch updates.authorizationStatus {
        case .denied: finishAll(.denied) { _ in true }
        case .restricted: finishAll(.restricted) { _ in true }
        case .authorizedAlways, .authorizedWhenInUse:
            for id in requests.keys.sorted() { startCountdownIfDue(id) }
        default: break
        }
    }
}

/// Passes the center's managers' callbacks to the center, which it does not keep alive.
final class LocationRequestObserver: NSObject, LinuxLocationManagerDelegate {
    private weak var center: LocationRequestCenter?

    init(center: LocationRequestCenter) {
        self.center = center
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        center?.received(locations, from: manager)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        center?.received(newHeading)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        center?.failed(error, from: manager)
    }

    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        center?.providerFinished(manager)
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        guard let center, manager === center.updates else { return }
        center.authorizationChanged()
    }
}
