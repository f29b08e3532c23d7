extension LocationManagerEngine {
    /// Called by ``LocationAuthorization`` on any thread when the status changes.
    func authorizationDidChange() {
        target.perform { [weak self] in self?.deliverAuthorizationChange() }
    }

    /// On the callback target: tells the delegate, stops a pending `requestLocation()` and reports
    /// `CLError(.denied)` to running location services when access was taken away, and starts or stops the
    /// provider to match.
    func deliverAuthorizationChange() {
        let status = authorization.status
        let denied = status == .denied || status == .restricted
        let (wasActive, request) = state.withLock { state in
            let wasActive = state.updatingLocation || state.request != nil
            defer { if denied { state.request = nil } }
            return (wasActive, denied ? state.request : nil)
        }
        request?.timer.cancel()
        updateProviderNeed()
        withDelegate { manager, delegate in
            delegate.locationManagerDidChangeAuthorization(manager)
            if denied && wasActive {
                delegate.locationManager(manager, didFailWithError: CLError(.denied))
            }
        }
    }
}
