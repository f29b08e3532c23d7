import Foundation

extension LocationManagerEngine {
    /// One delegate call caused by fixes, in the order the fixes caused them.
    enum FixCallback {
        case locations([CLLocation])
        case paused
        case resumed
        case region(RegionMonitor.Event)
        case visit(CLVisit)
    }

    /// On the callback target: feeds valid fixes to every running service — `requestLocation()`, standard
    /// updates (distance filter, automatic pauses), significant changes, region monitoring and visits — and
    /// makes the delegate calls they decide, in fix order.
    ///
    /// A fix accepted by standard updates or by significant-change monitoring (or both) is delivered once;
    /// consecutive delivered fixes share one `didUpdateLocations` call. Time-based rules use `now`, the
    /// time on the manager's clock when the provider delivered the fixes.
    func handleFixes(_ fixes: [CLLocation], receivedAt now: Date) {
        guard !fixes.isEmpty else { return }
        if state.withLock({ $0.request != nil }) { completeRequestIfMet(by: fixes) }
        var causedRegionEvents = false
        let callbacks: [FixCallback] = state.withLock { state in
            var callbacks: [FixCallback] = []
            for fix in fixes {
                // Both services see every fix, so neither short-circuits the other.
                let standard = Self.standardUpdatesAccept(fix, state: &state, now: now, callbacks: &callbacks)
                let significant = Self.significantChangeAccepts(fix, state: &state, now: now)
                if standard || significant {
                    state.location = fix
                    if state.updatingLocation { state.lastDelivered = fix }
                    if case .locations(let earlier) = callbacks.last {
                        callbacks[callbacks.count - 1] = .locations(earlier + [fix])
                    } else {
                        callbacks.append(.locations([fix]))
                    }
                }
                let events = sharedRegions.update(with: fix, from: ObjectIdentifier(self))
                causedRegionEvents = causedRegionEvents || !events.isEmpty
                callbacks += events.map(FixCallback.region)
                if let visit = state.visits?.update(with: fix, at: now) { callbacks.append(.visit(visit)) }
            }
            return callbacks
        }
        if causedRegionEvents { shareRegionEvents() }
        guard !callbacks.isEmpty else { return }
        let outer = state.withLock { state in
            defer { state.eventTime = now }
            return state.eventTime
        }
        defer { state.withLock { $0.eventTime = outer } }
        withDelegate { manager, delegate in
            for callback in callbacks {
                Self.deliver(callback, to: delegate, of: manager)
            }
        }
    }

    /// Has every other manager of the app report the region events it has not reported yet, on its own thread.
    ///
    /// The app's regions have one state, whichever manager's fixes decided it. Each manager takes
    /// the events from the shared log in order, so one that meanwhile handled a later fix itself has reported
    /// them already, before that fix's own, and finds nothing left.
    private func shareRegionEvents() {
        for engine in authorization.engines where engine !== self {
            engine.target.perform { [weak engine] in
                guard let engine else { return }
                let events = engine.sharedRegions.unreportedEvents(for: ObjectIdentifier(engine))
                guard !events.isEmpty else { return }
                engine.withDelegate { manager, delegate in
                    for event in events { Self.deliver(.region(event), to: delegate, of: manager) }
                }
            }
        }
    }

    /// Standard updates: automatic pauses first (which may add a pause or resume callback), then the
    /// distance filter; `false` while not updating or paused.
    private static func standardUpdatesAccept(
        _ fix: CLLocation, state: inout State, now: Date, callbacks: inout [FixCallback]
    ) -> Bool {
        guard state.updatingLocation else { return false }
        if state.settings.pausesLocationUpdatesAutomatically {
            switch state.pause.update(with: fix, at: now, activity: state.settings.activityType) {
            case .paused: callbacks.append(.paused)
            case .resumed: callbacks.append(.resumed)
            case nil: break
            }
            if state.pause.isPaused { return false }
        }
        return passesDistanceFilter(fix, last: state.lastDelivered, filter: state.settings.distanceFilter)
    }

    private static func deliver(
        _ callback: FixCallback, to delegate: any CLLocationManagerDelegate, of manager: CLLocationManager
    ) {
        switch callback {
        case .locations(let fixes): delegate.locationManager(manager, didUpdateLocations: fixes)
        case .paused: delegate.locationManagerDidPauseLocationUpdates(manager)
        case .resumed: delegate.locationManagerDidResumeLocationUpdates(manager)
        case .region(.determined(let regionState, let region)):
            delegate.locationManager(manager, didDetermineState: regionState, for: region)
        case .region(.entered(let region)): delegate.locationManager(manager, didEnterRegion: region)
        case .region(.exited(let region)): delegate.locationManager(manager, didExitRegion: region)
        case .visit(let visit): delegate.locationManager(manager, didVisit: visit)
        }
    }

    /// Starts an optional service held in `keyPath` (a running one keeps its state) and the provider.
    func startService<Service>(_ keyPath: WritableKeyPath<State, Service?>, _ make: () -> Service) {
        state.withLock { state in
            if state[keyPath: keyPath] == nil { state[keyPath: keyPath] = make() }
        }
        reportIfUnusable()
        updateProviderNeed()
    }

    /// Stops an optional service held in `keyPath`, forgetting its state; no callback of it follows on the
    /// callback thread.
    func stopService<Service>(_ keyPath: WritableKeyPath<State, Service?>) {
        state.withLock { $0[keyPath: keyPath] = nil }
        updateProviderNeed()
    }
}
