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

    /// What the fixes of one event decided: the delegate calls to make, in order, and whether they changed a
    /// region's state (which the app's other managers then report too).
    private struct FixDecision {
        var callbacks: [FixCallback] = []
        var causedRegionEvents = false
    }

    /// On the callback target: feeds valid fixes of location generation `generation` to every running service —
    /// `requestLocation()`, standard updates (distance filter, automatic pauses), significant changes, region
    /// monitoring and visits — and makes the delegate calls they decide, in fix order; nothing when updates were
    /// stopped or restarted since the fixes arrived.
    ///
    /// A fix accepted by standard updates or by significant-change monitoring (or both) is delivered once;
    /// consecutive delivered fixes share one `didUpdateLocations` call. Time-based rules use `now`, the
    /// time on the manager's clock when the provider delivered the fixes.
    ///
    /// Without a pending request, the common case, one turn of the lock checks the generation, decides, and takes
    /// the receivers of the calls: it runs for every fix of every manager.
    func handleFixes(_ fixes: [CLLocation], generation: Int, receivedAt now: Date) {
        guard !fixes.isEmpty else { return }
        // Filled in by the closures, rather than returned in optional tuples, whose copies cost retains per manager.
        var decision = FixDecision()
        var round: CallbackRound?
        let requestPending: Bool? = state.withLock { state in
            guard state.accepts(generation: generation) else { return nil }
            guard state.request == nil else { return true }
            decide(fixes, into: &decision, round: &round, state: &state, now: now)
            return false
        }
        guard let requestPending else { return }
        if requestPending {
            completeRequestIfMet(by: fixes)
            state.withLock { state in
                // The answer's delegate call may have stopped or restarted updates (or released the manager): then
                // these fixes belong to an older generation and decide nothing more.
                guard state.accepts(generation: generation) else { return }
                decide(fixes, into: &decision, round: &round, state: &state, now: now)
            }
        }
        if decision.causedRegionEvents { shareRegionEvents() }
        guard let round else { return }
        defer { state.withLock { $0.eventTime = round.outerEventTime } }
        round.receivers.call { manager, delegate in
            for callback in decision.callbacks { Self.deliver(callback, to: delegate, of: manager) }
        }
    }

    /// The receivers of one event's calls, taken under the lock that also marks the calls as under way.
    private struct CallbackRound {
        let receivers: Receivers
        /// The ``State/eventTime`` of calls this one is nested in, put back when it ends.
        let outerEventTime: Date?

        /// Takes the receivers and sets ``State/eventTime`` to `now` for the calls about to be made.
        init(startingAt now: Date, in state: inout State) {
            receivers = Receivers(state)
            outerEventTime = state.eventTime
            state.eventTime = now
        }
    }

    /// Runs `fixes` through every service under the lock: the calls they decide, in fix order, go to `decision`, and
    /// when there are some, their receivers to `round`, with ``State/eventTime`` set to `now` for them.
    private func decide(
        _ fixes: [CLLocation], into decision: inout FixDecision, round: inout CallbackRound?, state: inout State,
        now: Date
    ) {
        defer { if !decision.callbacks.isEmpty { round = CallbackRound(startingAt: now, in: &state) } }
        for fix in fixes {
            // Both services see every fix, so neither short-circuits the other.
            let standard = Self.standardUpdatesAccept(fix, state: &state, now: now, callbacks: &decision.callbacks)
            let significant = Self.significantChangeAccepts(fix, state: &state, now: now)
            if standard || significant {
                state.location = fix
                if state.updatingLocation { state.lastDelivered = fix }
                if case .locations(let earlier) = decision.callbacks.last {
                    decision.callbacks[decision.callbacks.count - 1] = .locations(earlier + [fix])
                } else {
                    // A lone fix, the usual event, is delivered in the provider's array: no array made per manager.
                    decision.callbacks.append(.locations(fixes.count == 1 ? fixes : [fix]))
                }
            }
            let events = sharedRegions.update(with: fix, from: ObjectIdentifier(self))
            if !events.isEmpty {
                decision.causedRegionEvents = true
                decision.callbacks += events.map(FixCallback.region)
            }
            if let visit = state.visits?.update(with: fix, at: now) { decision.callbacks.append(.visit(visit)) }
        }
    }

    /// Has every other manager of the app report the region events it has not reported yet, on its own thread.
    ///
    /// The app's regions have one state, whichever manager's fixes decided it. Each manager takes
    /// the events from the shared log in order, so one that meanwhile handled a later fix itself has reported
    /// them already, before that fix's own, and finds nothing left.
    ///
    /// Sent once the fix has reached every manager of the provider (``LocationHub/afterCurrentEvent(of:_:)``): the
    /// hub wakes this thread before it has served the others, and a manager must not hear of a region event before
    /// the fix that caused it.
    private func shareRegionEvents() {
        let others = authorization.engines.filter { $0 !== self }
        let share: @Sendable () -> Void = {
            for engine in others {
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
        if let provider { hub.afterCurrentEvent(of: provider, share) } else { share() }
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
