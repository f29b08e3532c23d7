import Dispatch
import LinuxCoreLocation

// Admission, countdowns, completion and the services the pending requests need; on the callback queue.
extension LocationRequestCenter {
    /// Starts a new request: fails it (asynchronously) when location cannot be had, else asks for authorization
    /// if needed, starts its countdown and services, and completes it from a recent fix that meets its level
    /// (under INTULocationManager's conventions, a new subscription hears the most recent location).
    func admit(_ id: Int) {
        if let status = unusableStatus() {
            callbackQueue.async { self.finish(id, status: status) }
            return
        }
        if updates.authorizationStatus == .notDetermined {
            front.withLock { $0.authorizationRequest }.request(from: updates)
        }
        startCountdownIfDue(id)
        updateServices()
        guard let lastFix, let kind = requests[id]?.kind else { return }
        let now = updates.clock.now
        switch kind {
        case .oneShot(let accuracy, _, _) where accuracy.isMet(by: lastFix, at: now):
            // Through the manager's mailbox, as the timeout is (``startCountdownIfDue(_:)``): a timeout that falls
            // due before this block runs comes after it, where a block of the queue's own could come after the
            // timeout (seen under AddressSanitizer).
            updates.performAfterDeliveredEvents { self.finish(id, status: .success, location: lastFix, at: now) }
        case .locations where conventions == .intuLocationManager,
            .significantChanges where conventions == .intuLocationManager:
            callbackQueue.async {
                guard let handler = self.requests[id]?.onLocation else { return }
                self.notify(id) { handler(self.subscriptionResult(for: lastFix, at: self.updates.clock.now)) }
            }
        default:
            break
        }
    }

    /// Why no request can be served now: location services off (no provider configured, or the services switch
    /// off), or authorization denied or restricted.
    ///
    /// As on iOS, services are on when a provider is configured, whether or not it answers at this moment: a request
    /// made while gpsd is down waits for it (the mirror reports a transient `locationUnknown` meanwhile), and one whose
    /// provider cannot be read ends with its error.
    func unusableStatus() -> LocationRequestStatus? {
        guard updates.locationServicesEnabled else { return .servicesDisabled }
        switch updates.authorizationStatus {
        case .denied: return .denied
        case .restricted: return .restricted
        default: return nil
        }
    }

    /// Schedules a one-shot request's timeout unless it has none, already has one, or waits for authorization.
    ///
    /// The timeout is handled after the fixes the provider delivered before it and before the later ones
    /// (`performAfterDeliveredEvents`), and judged at the time it fell due: a replay as fast as possible runs its
    /// clock ahead of the callback queue, and `once` on such a replay answered differently from run to run (a fix
    /// stamped after the deadline could complete the request, or the timeout could overtake fixes before it).
    func startCountdownIfDue(_ id: Int) {
        guard var request = requests[id], request.timer == nil,
            case .oneShot(_, let timeout, let delayUntilAuthorized) = request.kind, timeout > 0
        else { return }
        if delayUntilAuthorized && updates.authorizationStatus == .notDetermined { return }
        request.timer = updates.clock.schedule(after: timeout) { [weak self] in
            guard let center = self else { return }
            let due = center.updates.clock.now
            center.updates.performAfterDeliveredEvents { center.timeOut(id, at: due) }
        }
        requests[id] = request
    }

    /// The timeout passed at `due` on the clock: the status INTULocationManager's precedence gives
    /// (``timeoutStatus()``).
    func timeOut(_ id: Int, at due: Date) {
        finish(id, status: timeoutStatus(), at: due)
    }

    /// What a one-shot request whose time is up reports: services disabled, denied or restricted if so; else
    /// `notDetermined` while the user has not answered; else the error reported since the last fix
    /// (INTULocationManager's conventions only); else ``LocationRequestStatus/timedOut``.
    func timeoutStatus() -> LocationRequestStatus {
        if let status = unusableStatus() { return status }
        if updates.authorizationStatus == .notDetermined { return .notDetermined }
        return failure.map(LocationRequestStatus.error) ?? .timedOut
    }

    /// What a subscription hears with `fix` at `now`: success, or under INTULocationManager's conventions the error
    /// reported since the last fix.
    func subscriptionResult(for fix: CLLocation?, at now: Date) -> LocationRequestResult {
        LocationRequestResult(
            location: fix, status: failure.map(LocationRequestStatus.error) ?? .success,
            achievedAccuracy: LocationRequestAccuracy.achieved(by: fix, at: now))
    }

    /// Removes a request, stops what no other request needs, and returns it with the result to complete it with.
    ///
    /// The result has `status` and `location` — by default the location ``conventions`` give a result that is not a
    /// success; `providerFinished` says the request ended because its provider did. The achieved level is the
    /// location's at `now`, the time the request was judged (by default the clock's now): a replay as fast as possible
    /// moves its clock on before a success is handled, and a success must achieve the level it met.
    func removeForCompletion(
        _ id: Int, status: LocationRequestStatus, location: CLLocation? = nil, providerFinished: Bool = false,
        at now: Date? = nil
    ) -> (request: PendingLocationRequest, result: LocationRequestResult)? {
        guard let request = requests.removeValue(forKey: id) else { return nil }
        request.timer?.cancel()
        updateServices()
        let fix = location ?? (conventions == .intuLocationManager ? lastFix : request.best)
        let now = now ?? updates.clock.now
        var result = LocationRequestResult(
            location: fix, status: status, achievedAccuracy: LocationRequestAccuracy.achieved(by: fix, at: now),
            providerFinished: providerFinished)
        result.fixesSeen = request.seen
        result.newestFix = request.newest
        result.evaluationTime = now
        return (request, result)
    }

    /// Removes a request and calls its handler once, now, with the result
    /// ``removeForCompletion(_:status:location:providerFinished:)`` makes.
    func finish(
        _ id: Int, status: LocationRequestStatus, location: CLLocation? = nil, providerFinished: Bool = false,
        at now: Date? = nil
    ) {
        guard
            let (request, result) = removeForCompletion(
                id, status: status, location: location, providerFinished: providerFinished, at: now)
        else { return }
        complete(id, request, with: result)
    }

    /// Calls a removed request's handler with its result, unless it was cancelled since (off the queue).
    func complete(_ id: Int, _ request: PendingLocationRequest, with result: LocationRequestResult) {
        guard front.withLock({ $0.complete(id) }) else { return }
        request.complete(with: result)
    }

    /// Runs `call` (a subscription's handler) unless the subscription was cancelled since (off the queue).
    func notify(_ id: Int, _ call: () -> Void) {
        guard front.withLock({ $0.isLive(id) }) else { return }
        call()
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
