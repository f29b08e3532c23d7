extension LocationManagerEngine {
    /// Asks for authorization (`requestWhenInUseAuthorization()`, `requestAlwaysAuthorization()`).
    ///
    /// Before the creation callback has been delivered, the request waits for it, so that the callback reports the
    /// status the manager was created with and an answer arrives after it, as on iOS.
    func requestAuthorization(_ request: AuthorizationRequest) {
        let waits = state.withLock { state in
            guard state.reportedStatus == nil, !state.detached else { return false }
            state.requestsBeforeCreation.append(request)
            return true
        }
        waits ? app.noteRequest() : app.request(request)
    }

    /// The answer to a request for temporary full accuracy: `CLError(.promptDeclined)` when the app already has full
    /// accuracy, as Apple documents (no prompt is shown); `nil` with reduced accuracy, which Linux has nobody to ask
    /// to lift.
    func temporaryFullAccuracyError() -> CLError? {
        app.accuracy == .fullAccuracy ? error(.promptDeclined) : nil
    }

    /// On the callback thread: the creation callback, then the requests that waited for it.
    func deliverCreationCallback() {
        deliverAuthorizationChange(isChange: false)
        let requests = state.withLock { state in
            defer { state.requestsBeforeCreation = [] }
            return state.requestsBeforeCreation
        }
        for request in requests { app.request(request) }
    }

    /// Called by the app (``LocationApp``) on any thread when the status changes.
    func authorizationDidChange() {
        mailbox.perform { [weak self] in self?.deliverAuthorizationChange(isChange: true) }
    }

    /// On the callback thread: tells the delegate of the status, unless it heard the same one last.
    ///
    /// On a change (not the report at creation) also stops a
    /// pending `requestLocation()` and reports `CLError(.denied)` to running location services when access was
    /// taken away (once: not again when a start already reported it under the new status), and starts or stops
    /// the provider to match. A status the delegate heard last is not reported again (two changes that cancel
    /// out, a creation callback that already saw the new status).
    func deliverAuthorizationChange(isChange: Bool) {
        let status = self.status
        let denied = isChange && (status == .denied || status == .restricted)
        let (wasActive, request, reported, repeated) = state.withLock { state in
            let wasActive = state.updatingLocation || state.request != nil
            let repeated = state.reportedStatus == status
            defer {
                if denied { state.request = nil }
                if isChange { state.deniedReported = false }
                state.reportedStatus = status
            }
            return (wasActive, denied ? state.request : nil, state.deniedReported, repeated)
        }
        request?.timer.cancel()
        updateProviderNeed()
        guard !repeated else { return }
        withDelegate { manager, delegate in
            delegate.locationManagerDidChangeAuthorization(manager)
            // A start that saw the new status before this delivery ran has reported the denial already.
            if denied && wasActive && !reported {
                delegate.locationManager(manager, didFailWithError: self.error(.denied))
            }
        }
    }
}
