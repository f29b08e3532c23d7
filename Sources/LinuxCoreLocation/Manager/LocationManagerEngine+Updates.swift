import LocationSupport

extension LocationManagerEngine {
    /// `startUpdatingLocation()`: cancels a pending `requestLocation()` and delivers fixes until stopped.
    ///
    /// A start after a stop delivers its first fix whatever the distance filter. When the provider this
    /// manager already runs (for a pending `requestLocation()`, say) has lost its fix, the start reports
    /// `CLError(.locationUnknown)` at once, as a start that starts the provider does.
    func startUpdatingLocation() {
        let (request, lost) = state.withLock { state in
            defer { state.request = nil }
            let lost = !state.updatingLocation && state.fixLost
            // Only a start after a stop drops what was queued before it: a start while running (a block that
            // restarts itself) keeps the deliveries in flight, so a replay gives the same fixes every run.
            if !state.updatingLocation {
                state.staleThrough = mailbox.lastSequence
                state.lastDelivered = nil
            }
            state.updatingLocation = true
            state.pause = PauseDetector()
            return (state.request, lost)
        }
        request?.timer.cancel()
        reportIfUnusable()
        updateProviderNeed()
        if lost {
            performWithDelegate { manager, delegate in
                delegate.locationManager(manager, didFailWithError: self.error(.locationUnknown))
            }
        }
    }

    /// `stopUpdatingLocation()`: also cancels a pending `requestLocation()`; no location callback of either
    /// runs after it returns on the callback thread.
    func stopUpdatingLocation() {
        let request = state.withLock { state in
            defer { state.request = nil }
            state.updatingLocation = false
            state.staleThrough = mailbox.lastSequence
            state.pause = PauseDetector()
            return state.request
        }
        request?.timer.cancel()
        updateProviderNeed()
    }

    /// `requestLocation()`: one fix meeting `desiredAccuracy`, or the best one seen after
    /// ``requestLocationTimeout`` seconds, or `CLError(.locationUnknown)` if none came.
    ///
    /// Ignored while updating, as on iOS. A call while a request is pending joins it, as Apple keeps one
    /// outstanding request: the pending request goes on with its own deadline and its one answer serves both
    /// calls, so no call is left without a fix or an error. A request that cannot run (authorization denied or
    /// restricted, no provider) ends with its one answer, `CLError(.denied)`: no request is left pending.
    func requestLocation() {
        if state.withLock({ $0.updatingLocation || $0.request != nil }) { return }
        if reportIfUnusable() { return }
        let id = state.withLock { state in
            state.nextRequestID += 1
            return state.nextRequestID
        }
        let timer = clock.schedule(after: Self.requestLocationTimeout) { [weak self] in
            guard let engine = self else { return }
            engine.mailbox.perform { engine.requestTimedOut(id) }
        }
        let previous = state.withLock { state in
            defer { state.request = LocationRequest(id: id, best: nil, timer: timer) }
            return state.request
        }
        previous?.timer.cancel()
        updateProviderNeed()
    }

    /// `allowDeferredLocationUpdates(untilTraveled:timeout:)`: cancels a pending `requestLocation()`, as Apple's
    /// `requestLocation()` page documents; no answer of it follows on the callback thread.
    func cancelRequest() {
        let request = state.withLock { state in
            defer { state.request = nil }
            return state.request
        }
        request?.timer.cancel()
        updateProviderNeed()
    }

    /// Apple's distance filter: deliver a fix at least `filter` metres (geodesic) from the last delivered one,
    /// or one more accurate than it; everything when the filter is ``kCLDistanceFilterNone`` or negative.
    static func passesDistanceFilter(_ fix: CLLocation, last: CLLocation?, filter: CLLocationDistance) -> Bool {
        guard filter > 0, let last else { return true }
        return fix.distance(from: last) >= filter || fix.horizontalAccuracy < last.horizontalAccuracy
    }

    /// Whether a fix satisfies `desiredAccuracy`: its accuracy is within it, or within
    /// 10 m when the desired accuracy is one of Apple's negative "best" sentinels (`BestAccuracy`).
    static func meets(_ fix: CLLocation, desiredAccuracy: CLLocationAccuracy) -> Bool {
        fix.horizontalAccuracy <= BestAccuracy.threshold(forDesired: desiredAccuracy)
    }

    func completeRequestIfMet(by fixes: [CLLocation]) {
        let result: (CLLocation, LocationClockTimer)? = state.withLock { state in
            guard var request = state.request else { return nil }
            for fix in fixes {
                if request.best.map({ fix.horizontalAccuracy <= $0.horizontalAccuracy }) ?? true { request.best = fix }
                if Self.meets(fix, desiredAccuracy: state.settings.desiredAccuracy) {
                    state.request = nil
                    state.location = fix
                    return (fix, request.timer)
                }
            }
            state.request = request
            return nil
        }
        guard let (fix, timer) = result else { return }
        timer.cancel()
        updateProviderNeed()
        withDelegate { manager, delegate in delegate.locationManager(manager, didUpdateLocations: [fix]) }
    }

    private func requestTimedOut(_ id: Int) {
        let best: CLLocation?? = state.withLock { state in
            guard let request = state.request, request.id == id else { return .none }
            state.request = nil
            if let best = request.best { state.location = best }
            return .some(request.best)
        }
        guard case .some(let fix) = best else { return }
        updateProviderNeed()
        withDelegate { manager, delegate in
            if let fix {
                delegate.locationManager(manager, didUpdateLocations: [fix])
            } else {
                delegate.locationManager(manager, didFailWithError: self.error(.locationUnknown))
            }
        }
    }

    /// When no fix can flow — no provider, or authorization denied or restricted — reports
    /// `CLError(.denied)` on the callback thread, as iOS does when location services are off or denied, and
    /// prints a one-time hint; when authorization is not determined and nobody has asked for it, prints the
    /// hint only.
    ///
    /// - Returns: Whether it reported `CLError(.denied)`.
    @discardableResult
    func reportIfUnusable() -> Bool {
        let status = app.status
        if provider == nil {
            Diagnostics.hint(
                "no-provider",
                "no location provider is configured or reachable; set CORELOCATION_PROVIDER "
                    + "(e.g. gpsd://127.0.0.1:2947, nmea:/dev/ttyACM0, gpx:track.gpx, fixed:48.8584,2.2945)")
        } else if status == .notDetermined {
            guard !app.hasBeenRequested else { return false }
            Diagnostics.hint(
                "not-determined",
                "location authorization is not determined, so no fixes flow yet; call "
                    + "requestWhenInUseAuthorization() or set CORELOCATION_AUTHORIZATION=authorizedWhenInUse")
            return false
        } else if status == .denied || status == .restricted {
            state.withLock { $0.deniedReported = true }
            Diagnostics.hint(
                "denied",
                "location authorization is \(status == .denied ? "denied" : "restricted"), so no fixes flow; "
                    + "set CORELOCATION_AUTHORIZATION=authorizedWhenInUse to allow them")
        } else {
            return false
        }
        performWithDelegate { manager, delegate in
            delegate.locationManager(manager, didFailWithError: self.error(.denied))
        }
        return true
    }
}
