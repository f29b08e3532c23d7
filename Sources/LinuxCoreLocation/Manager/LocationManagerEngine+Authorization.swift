extension LocationManagerEngine {
    /// Called by ``LocationAuthorization`` on any thread when the status changes.
    func authorizationDidChange() {
        target.perform { [weak self] in self?.deliverAuthorizationChange(isChange: true) }
    }

    /// On the callback target: tells the delegate; on a change (not the report at creation) also stops a
    /// pending `requestLocation()` and reports `CLError(.denied)` to running location services when access was
    /// taken away, and starts or stops the provider to match.
    func deliverAuthorizationChange(isChange: Bool) {
        let status = authorization.status
        let denied = isChange && (status == .denied || status == .restricted)
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
