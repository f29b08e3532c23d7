import Foundation

extension LocationManagerEngine {
    /// On the callback thread: feeds the fixes of the delivery numbered `sequence` to every running service —
    /// `requestLocation()`, standard updates (distance filter, automatic pauses), significant changes and visits —
    /// and makes the delegate calls they decide, in fix order, each fix's region events (`regionEvents`, by fix:
    /// the app's, decided once for all its managers) after the fix's own calls; only the region events when updates
    /// were stopped or restarted since the delivery was posted, nothing once the manager is gone.
    ///
    /// A fix accepted by standard updates or by significant-change monitoring (or both) is delivered once;
    /// consecutive delivered fixes share one `didUpdateLocations` call. Time-based rules use `now`, the
    /// time on the manager's clock when the provider delivered the fixes.
    ///
    /// Without a pending request, the common case, one turn of the lock checks the sequence number, decides, and
    /// checks that the receivers `held` over the run of deliveries are still the state's (or takes them again): it
    /// runs for every fix of every manager.
    func handleFixes(
        _ fixes: [CLLocation], sequence: Int, receivedAt now: Date, regionEvents: [[RegionMonitor.Event]]?,
        holding held: inout HeldReceivers
    ) {
        guard !fixes.isEmpty else { return }
        // What the app let go of since the last call goes first, outside the lock (a manager's deinit detaches it).
        held.dropReleased()
        let heldGeneration = held.generation
        // The round is returned out of the lock, not written to a variable the closure captures: copying it out of
        // that variable retained the manager and the delegate once more, each on the runtime's slow path (objects
        // with weak references), 1.5 % of a replay's CPU.
        var decision = state.withLock { state -> FixDecision in
            guard !state.detached else { return .none }
            let current = state.accepts(sequence)
            if current && state.request != nil { return .requestPending }
            return decide(fixes, current: current, regionEvents, state: &state, now: now, held: heldGeneration)
        }
        if case .requestPending = decision {
            completeRequestIfMet(by: fixes)
            decision = state.withLock { state in
                // The answer's delegate call may have stopped or restarted updates (or released the manager): then
                // these fixes belong to the time before, and only their region events are left to report.
                guard !state.detached else { return .none }
                return decide(
                    fixes, current: state.accepts(sequence), regionEvents, state: &state, now: now,
                    held: heldGeneration)
            }
        }
        guard case .calls(var round) = consume decision else { return }
        // Set out of the lock, and put back without it: ``eventTime`` is an atomic of its own.
        let outerEventTime = beginEventTime(now)
        defer { restoreEventTime(outerEventTime) }
        if let taken = round.receivers.take() { held.hold(taken, generation: round.generation) }
        // The receivers held serve the round's first call (usually the only one); each later call (the fix's region
        // events, a pause, a visit) goes to the delegate and observers of that moment, since a call may release the
        // delegate or set another (the delegate is weak; Apple's `delegate` property).
        var isFirst = true
        for callback in round.callbacks {
            if isFirst {
                isFirst = false
                held.call { Self.deliver(callback, to: $1, of: $0) }
            } else {
                state.withLock { Receivers($0) }.call { Self.deliver(callback, to: $1, of: $0) }
            }
        }
    }

    /// What one turn of the lock decided for a delivery's fixes.
    private enum FixDecision {
        /// Nothing to call: the manager is gone, or no service took the fixes.
        case none
        /// A `requestLocation()` is pending: it is answered first, out of the lock.
        case requestPending
        /// The calls to make.
        case calls(CallbackRound)
    }

    /// The calls one event's fixes caused, and their receivers when those held are no longer the state's.
    private struct CallbackRound {
        let callbacks: FixCallbacks
        /// The receivers of the first call, taken when those held are not the state's (``State/receiversGeneration``
        /// moved); `nil` when the held ones serve.
        var receivers: Receivers?
        /// The ``State/receiversGeneration`` of the receivers of the first call.
        let generation: Int

        /// Takes the receivers unless those held at `heldGeneration` are current.
        init(_ callbacks: FixCallbacks, in state: inout State, held heldGeneration: Int?) {
            self.callbacks = callbacks
            generation = state.receiversGeneration
            receivers = heldGeneration == state.receiversGeneration ? nil : Receivers(state)
        }
    }

    /// Runs `fixes` through every service under the lock when they are `current`, and adds each fix's region events:
    /// the calls, in fix order, and when there are some, their receivers unless those held at `heldGeneration` are
    /// still the state's.
    private func decide(
        _ fixes: [CLLocation], current: Bool, _ regionEvents: [[RegionMonitor.Event]]?, state: inout State, now: Date,
        held heldGeneration: Int?
    ) -> FixDecision {
        var callbacks = FixCallbacks()
        for (index, fix) in fixes.enumerated() {
            if current {
                // Both services see every fix, so neither short-circuits the other.
                let standard = Self.standardUpdatesAccept(fix, state: &state, now: now, callbacks: &callbacks)
                let significant = Self.significantChangeAccepts(fix, state: &state, now: now)
                if standard || significant {
                    state.location = fix
                    if state.updatingLocation { state.lastDelivered = fix }
                    // A lone fix, the usual event, is delivered in the provider's array: no array made per manager.
                    callbacks.appendLocation(fix, alone: fixes.count == 1 ? fixes : nil)
                }
            }
            if let regionEvents, index < regionEvents.count {
                for event in regionEvents[index] { callbacks.append(.region(event)) }
                state.note(regionEvents[index])
            }
            if current, let visit = state.visits?.update(with: fix, at: now) { callbacks.append(.visit(visit)) }
        }
        return callbacks.isEmpty
            ? .none : .calls(CallbackRound(callbacks, in: &state, held: heldGeneration))
    }

    /// Standard updates: automatic pauses first (which may add a pause or resume callback), then the
    /// distance filter; `false` while not updating or paused.
    private static func standardUpdatesAccept(
        _ fix: CLLocation, state: inout State, now: Date, callbacks: inout FixCallbacks
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

    /// Makes the delegate call of `callback`.
    static func deliver(
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
