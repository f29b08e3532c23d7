import Dispatch
import LinuxCoreLocation

// Admission, countdowns, completion and the services the pending requests need; on the callback queue.
extension LocationRequestCenter {
    /// Starts a new request: fails it (asynchronously) when location cannot be had, else asks for authorization
    /// if needed, starts its countdown and services, and completes it from a recent fix that meets its level.
    func admit(_ id: Int) {
        if let status = unusableStatus() {
            callbackQueue.async { self.finish(id, status: status) }
            return
        }
        if updates.authorizationStatus == .notDetermined { authorizationRequest.request(from: updates) }
        startCountdownIfDue(id)
        updateServices()
        if case .oneShot(let accuracy, _, _)? = requests[id]?.kind, let lastFix,
            accuracy.isMet(by: lastFix, at: updates.clock.now)
        {
            callbackQueue.async { self.finish(id, status: .success, location: lastFix) }
        }
    }

    /// Why no request can be served now: no available provider, or authorization denied or restricted.
    func unusableStatus() -> LocationRequestStatus? {
        guard updates.provider?.isAvailable == true else { return .servicesDisabled }
        switch updates.authorizationStatus {
        case .denied: return .denied
        case .restricted: return .restricted
        default: return nil
        }
    }

    /// Schedules a one-shot request's timeout unless it has none, already has one, or waits for authorization.
    func startCountdownIfDue(_ id: Int) {
        guard var request = requests[id], request.timer == nil,
            case .oneShot(_, let timeout, let delayUntilAuthorized) = request.kind, timeout > 0
        else { return }
        if delayUntilAuthorized && updates.authorizationStatus == .notDetermined { return }
        request.timer = updates.clock.schedule(after: timeout) { [weak self] in
            guard let center = self else { return }
            center.callbackQueue.async { center.timeOut(id) }
        }
        requests[id] = request
    }

    /// The timeout passed: `notDetermined` if the user still has not answered, else `timedOut`.
    func timeOut(_ id: Int) {
        finish(id, status: updates.authorizationStatus == .notDetermined ? .notDetermined : .timedOut)
    }

    /// Removes a request and calls its handler once with `status` and `location` (by default the best fix seen);
    /// `providerFinished` says the request ended because its provider did.
    func finish(
        _ id: Int, status: LocationRequestStatus, location: CLLocation? = nil, providerFinished: Bool = false
    ) {
        guard let request = requests.removeValue(forKey: id) else { return }
        request.timer?.cancel()
        updateServices()
        let fix = location ?? request.best
        request.onLocation?(
            LocationRequestResult(
                location: fix, status: status,
                achievedAccuracy: LocationRequestAccuracy.achieved(by: fix, at: updates.clock.now),
                providerFinished: providerFinished))
        request.onHeading?(nil, status)
    }

    /// Ends, with `status`, every request matching `predicate`, in the order they were made.
    func finishAll(_ status: LocationRequestStatus, where predicate: (PendingLocationRequest) -> Bool) {
        for id in requests.keys.sorted() where requests[id].map(predicate) == true {
            finish(id, status: status)
        }
    }

    /// Starts and stops the managers' services to match what the pending requests need.
    func updateServices() {
        let pending = requests.values
        let oneShotAccuracies = pending.compactMap { request -> CLLocationAccuracy? in
            if case .oneShot(let accuracy, _, _) = request.kind { return accuracy.horizontalAccuracy }
            return nil
        }
        let subscribed = pending.contains { if case .locations = $0.kind { return true } else { return false } }
        let needs = (
            locations: pending.contains(where: \.needsLocationUpdates),
            headings: pending.contains(where: \.needsHeadings),
            significantChanges: pending.contains(where: \.needsSignificantChanges)
        )
        updates.desiredAccuracy =
            subscribed ? kCLLocationAccuracyBest : (oneShotAccuracies.min() ?? kCLLocationAccuracyBest)
        if needs.locations != running.locations {
            needs.locations ? updates.startUpdatingLocation() : updates.stopUpdatingLocation()
        }
        if needs.headings != running.headings {
            needs.headings ? updates.startUpdatingHeading() : updates.stopUpdatingHeading()
        }
        if needs.significantChanges != running.significantChanges {
            needs.significantChanges
                ? significant.startMonitoringSignificantLocationChanges()
                : significant.stopMonitoringSignificantLocationChanges()
        }
        running = needs
    }
}
