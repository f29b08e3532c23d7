import LinuxCoreLocation

// What the center's managers report, applied to the pending requests; on the callback queue.
extension LocationRequestCenter {
    /// Fixes are judged at the time the provider delivered them (`eventTime`), not when this runs: a replay as fast
    /// as possible moves its clock on while they wait on the callback queue, and a fix fresh when delivered must
    /// meet its level on every run, however late it is handled.
    ///
    /// Under INTULocationManager's conventions one manager serves everything, so significant-change subscriptions
    /// hear every delivery too; only the newest fix of a delivery counts, and it becomes the current location
    /// (and clears the error) — or, when its coordinate is invalid or 0°, 0°, clears the current location and
    /// reaches no request, as INTULocationManager's `currentLocation` does.
    func received(_ fixes: [CLLocation], from manager: CLLocationManager) {
        let now = manager.eventTime
        let shared = conventions == .intuLocationManager
        let significantChanges = manager !== updates
        if shared { failure = nil }
        for fix in shared ? fixes.suffix(1) : fixes[...] {
            if shared {
                lastFix = Self.isINTUCurrentLocation(fix) ? fix : nil
                if lastFix == nil { continue }
            } else if !significantChanges && fix.horizontalAccuracy >= 0 {
                lastFix = fix
            }
            let result = subscriptionResult(for: fix, at: now)
            // Handlers may cancel requests, so each one is looked up again.
            for id in requests.keys.sorted() {
                guard var request = requests[id] else { continue }
                switch request.kind {
                case .oneShot(let accuracy, _, _) where !significantChanges:
                    request.consider(fix)
                    requests[id] = request
                    if accuracy.isMet(by: fix, at: now) { finish(id, status: .success, location: fix, at: now) }
                case .locations where !significantChanges, .significantChanges where significantChanges || shared:
                    notify(id) { request.onLocation?(result) }
                default:
                    break
                }
            }
        }
    }

    /// Whether INTULocationManager keeps `fix` as its current location: a valid coordinate other than 0°, 0°.
    static func isINTUCurrentLocation(_ fix: CLLocation) -> Bool {
        CLLocationCoordinate2DIsValid(fix.coordinate)
            && !(fix.coordinate.latitude == 0 && fix.coordinate.longitude == 0)
    }

    func received(_ heading: CLHeading) {
        for id in requests.keys.sorted() {
            guard let request = requests[id], request.needsHeadings else { continue }
            notify(id) { request.onHeading?(heading, .success) }
        }
    }

    /// Applies an error of a manager to the pending requests.
    ///
    /// `locationUnknown` is transient and ignored; denial ends everything; a heading failure ends heading
    /// subscriptions. Any other error ends the requests served by the failing manager — or, under
    /// INTULocationManager's conventions, completes the one-shot requests and is reported to the location
    /// subscriptions, which stay, and is kept until the next fix (INTULocationManager's `updateFailed`).
    func failed(_ error: any Error, from manager: CLLocationManager) {
        let error = (error as? CLError) ?? CLError(.network)
        switch error.code {
        case .locationUnknown:
            return
        case .denied:
            finishAll(unusableStatus() ?? .denied) { _ in true }
        case .headingFailure:
            finishAll(.error(error), where: \.needsHeadings)
        default:
            guard conventions == .intuLocationManager else {
                return finishAll(.error(error)) { !$0.needsHeadings && $0.isServed(by: manager, updates: updates) }
            }
            failure = error
            let status = timeoutStatus()
            for id in requests.keys.sorted() {
                guard let request = requests[id], !request.needsHeadings else { continue }
                if request.isOneShot {
                    finish(id, status: status)
                } else {
                    let result = LocationRequestResult(
                        location: lastFix, status: status,
                        achievedAccuracy: LocationRequestAccuracy.achieved(by: lastFix, at: manager.eventTime))
                    notify(id) { request.onLocation?(result) }
                }
            }
        }
    }

    /// Ends the one-shot requests when the provider of the standard updates finished (a replay reached its end);
    /// LocationBlocks' conventions only.
    ///
    /// No fix will come, so they end now, as ``LocationRequestCenter/forceComplete(_:)`` ends them
    /// (``LocationRequestStatus/timedOut`` with the best fix seen), marked
    /// ``LocationRequestResult/providerFinished``; waiting out their timeouts, or for ever without one, would only
    /// hang. Subscriptions stay: they end when cancelled.
    func providerFinished(_ manager: CLLocationManager) {
        // INTULocationManager knows no provider that ends: its requests wait for their timeout, or for ever.
        guard manager === updates, conventions == .locationBlocks else { return }
        for id in requests.keys.sorted() where requests[id]?.isOneShot == true {
            finish(id, status: .timedOut, providerFinished: true)
        }
    }

    /// Denial ends every request; a grant starts the countdowns that waited for it.
    func authorizationChanged() {
        // Services switched off read as denied; INTULocationManager's precedence names them first.
        if let status = unusableStatus() { return finishAll(status) { _ in true } }
        switch updates.authorizationStatus {
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
