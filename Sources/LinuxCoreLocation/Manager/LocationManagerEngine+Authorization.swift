extension LocationManagerEngine {
    /// Called by the app (``LocationApp``) on any thread when the status changes.
    func authorizationDidChange() {
        mailbox.perform { [weak self] in self?.deliverAuthorizationChange(isChange: true) }
    }

    /// On the callback thread: tells the delegate; on a change (not the report at creation) also stops a
    /// pending `requestLocation()` and reports `CLError(.denied)` to running location services when access was
    /// taken away (once: not again when a start already reported it under the new status), and starts or stops
    /// the provider to match.
    func deliverAuthorizationChange(isChange: Bool) {
        let status = app.status
        let denied = isChange && (status == .denied || status == .restricted)
        let (wasActive, request, reported) = state.withLock { state in
            let wasActive = state.updatingLocation || state.request != nil
            defer {
                if denied { state.request = nil }
                if isChange { state.deniedReported = false }
            }
            return (wasActive, denied ? state.request : nil, state.deniedReported)
        }
        request?.timer.cancel()
        updateProviderNeed()
        withDelegate { manager, delegate in
            delegate.locationManagerDidChangeAuthorization(manager)
            // A start that saw the new status before this delivery ran has reported the denial already.
            if denied && wasActive && !reported {
                delegate.locationManager(manager, didFailWithError: self.error(.denied))
            }
        }
    }
}
