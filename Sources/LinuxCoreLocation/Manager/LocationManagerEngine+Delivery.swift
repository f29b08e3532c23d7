extension LocationManagerEngine {
    /// On the callback thread: handles one of the hub's deliveries (``CallbackMailbox`` calls it for each manager of
    /// the delivery's lane), with the receivers `held` over the run of deliveries it is part of.
    ///
    /// The fixes are taken out of the delivery, not copied (a retain and a release of their array).
    func handle(_ delivery: consuming Delivery, holding held: inout HeldReceivers) {
        let (sequence, receivedAt) = (delivery.sequence, delivery.receivedAt)
        var regionEvents: [[RegionMonitor.Event]]?
        if case .locations = delivery.event, !delivery.regions.isEmpty {
            regionEvents = self.regionEvents(of: delivery)
        }
        switch delivery.takeEvent() {
        case .locations(let fixes):
            handleFixes(fixes, sequence: sequence, receivedAt: receivedAt, regionEvents: regionEvents, holding: &held)
        case .heading(let heading):
            handleHeading(heading)
        case .fixLost:
            guard state.withLock({ $0.accepts(sequence) && $0.updatingLocation }) else { return }
            withDelegate { manager, delegate in
                delegate.locationManager(manager, didFailWithError: self.error(.locationUnknown))
            }
        case .failed(let error):
            // Reported to a manager using the provider: for location (since its last start), headings, significant
            // changes, visits or regions; a pending `requestLocation()` ends with it. A manager that only monitored
            // regions or visits heard nothing, and waited for ever on a provider that had failed (a new user's trial:
            // `monitor --provider nmea:EMPTY` ran until killed where `watch` ended with status 65).
            let monitorsRegions = app.monitorsRegions
            let request: (LocationRequest?, Bool) = state.withLock { state in
                let forLocation = state.accepts(sequence) && (state.updatingLocation || state.request != nil)
                guard forLocation else {
                    let monitors = state.significantChanges != nil || state.visits != nil || monitorsRegions
                    return (nil, state.updatingHeading || monitors)
                }
                defer { state.request = nil }
                return (state.request, true)
            }
            guard request.1 else { return }
            request.0?.timer.cancel()
            updateProviderNeed()
            withDelegate { manager, delegate in delegate.locationManager(manager, didFailWithError: error) }
        case .finished:
            withDelegate { manager, delegate in
                (delegate as? LinuxLocationManagerDelegate)?.locationManagerProviderDidFinish(manager)
            }
        }
    }

    /// The region events of the fixes of `delivery`, by fix, when they concern this manager's app and the manager,
    /// still there, has not reported them: the app's decision, taken now if no manager has taken it yet.
    private func regionEvents(of delivery: Delivery) -> [[RegionMonitor.Event]]? {
        guard !delivery.regions.isEmpty, let decision = delivery.regions.first(where: { $0.app === app }),
            claim(decision)
        else { return nil }
        return app.events(of: decision)
    }

    /// On the callback thread: reports the region events of `decision`, sent to every manager of the app when it was
    /// taken, unless this manager reported them with their fix (or is gone).
    func hear(_ decision: RegionDecision) {
        guard claim(decision) else { return }
        let events = Array(app.events(of: decision).joined())
        guard !events.isEmpty else { return }
        state.withLock { $0.note(events) }
        withDelegate { manager, delegate in
            for event in events { Self.deliver(.region(event), to: delegate, of: manager) }
        }
    }

    /// Marks the events of `decision` as reported by this manager; `false` when they were already, or the manager is
    /// gone.
    ///
    /// Each manager gets a decision's events in the app's order (see ``LocationApp``).
    private func claim(_ decision: RegionDecision) -> Bool {
        state.withLock { state in
            guard !state.detached, decision.number > state.lastRegionDecision else { return false }
            state.lastRegionDecision = decision.number
            return true
        }
    }

    /// Called by the hub when the provider's word on its fix changes: lost (a `fixLost` or `failed` event) or back.
    func providerDidChangeFix(lost: Bool) {
        state.withLock { $0.fixLost = lost }
    }

    /// Called by the mailbox when it dropped `count` of this manager's fixes to make room.
    func countDroppedLocations(_ count: Int) {
        state.withLock { $0.droppedLocations += count }
    }
}
