import Dispatch
import LocationSupport
import Synchronization

/// The app that managers belong to, as iOS sees an app: its authorization, the Location Services switch, the regions
/// it monitors and its managers.
///
/// Every manager made with the same ``LocationAuthorization`` belongs to that authorization's app: they report one
/// status, obey one switch and share one set of monitored regions, as every manager of an iOS app does. Thread-safe:
/// one lock holds the whole state.
///
/// **Regions.** A monitored region's state is the app's, decided once per fix, whichever manager the fix reached.
/// When the hub hands a provider's fix to the managers of an app that monitors regions, it gives the fix a
/// ``RegionDecision`` of this app, which travels with the fix to each of its callback threads. The decision is taken
/// (the fix applied to the regions) by the first manager still alive that handles its fix, or, at the latest, when
/// the app's next decision is made: one decision at most waits, so they are taken in the order of their fixes. A fix
/// that reached only managers released before they handled it changes nothing until then. Each manager that got the
/// fix reports its region events right after the fix's own callbacks; when a decision is taken, every manager of the
/// app is also sent its events, which a manager that reported them with the fix ignores. The decision's events are
/// sent under the app's lock after the hub handed its fix to every callback thread (the hub holds the lock while it
/// does), so they reach each thread after the fix and before the next decision: no manager hears a region event
/// before the fix that caused it, and every manager hears the app's events once, in order.
final class LocationApp: Sendable {
    /// Everything diagnostics report about the authorization at one moment.
    struct Snapshot: Equatable {
        var status: CLAuthorizationStatus
        var servicesEnabled: Bool
        var requestInProgress: Bool
        var accuracy: CLAccuracyAuthorization
    }

    private struct State {
        var status: CLAuthorizationStatus
        var accuracy: CLAccuracyAuthorization
        var policy: AuthorizationPolicy
        var requested = false
        var servicesEnabled = true
        /// Whether a request was handed to the policy and is not answered yet: iOS shows one prompt at a time.
        var requestInFlight = false
        /// Whether the policy answered a request for always with a determined status: iOS asks for always once, until
        /// the status is not determined again (a reset of the privacy settings).
        var alwaysAsked = false
        var watchers: [Int: @Sendable () -> Void] = [:]
        var nextWatcher = 0
        var managers: [ObjectIdentifier: WeakReference<LocationManagerEngine>] = [:]
        var regions = RegionMonitor(
            limit: LocationManagerEngine.maximumMonitoredRegions,
            maximumRadius: LocationManagerEngine.maximumRegionMonitoringDistance)
        /// Whether the app monitors visits: `startMonitoringVisits()` of any of its managers turns it on for all.
        var monitorsVisits = false
        /// The newest decision, while no manager has taken it.
        var waitingDecision: RegionDecision?
        var decisionCount = 0

        /// The status apps see: the app's own, or `denied` while Location Services are off.
        var effectiveStatus: CLAuthorizationStatus { servicesEnabled ? status : .denied }

        var snapshot: Snapshot {
            Snapshot(
                status: effectiveStatus, servicesEnabled: servicesEnabled, requestInProgress: requestInFlight,
                accuracy: accuracy)
        }
    }

    private let state: Locked<State>
    /// Whether a region is monitored: read by the hub for every fix, without the lock.
    private let monitorsRegionsNow = Atomic<Bool>(false)

    init(status: CLAuthorizationStatus, accuracy: CLAccuracyAuthorization, policy: AuthorizationPolicy) {
        state = Locked(State(status: status, accuracy: accuracy, policy: policy))
    }

    // MARK: Authorization and the Location Services switch

    /// The status apps see: `denied` while the switch is off.
    var status: CLAuthorizationStatus { state.withLock { $0.effectiveStatus } }

    /// Whether fixes may flow: authorized always or when in use.
    var isAuthorized: Bool { status == .authorizedAlways || status == .authorizedWhenInUse }

    /// The accuracy authorization.
    var accuracy: CLAccuracyAuthorization { state.withLock { $0.accuracy } }

    /// How requests are answered.
    var policy: AuthorizationPolicy {
        get { state.withLock { $0.policy } }
        set { state.withLock { $0.policy = newValue } }
    }

    /// The Location Services switch; a change is reported to every manager as an authorization change.
    var servicesEnabled: Bool {
        get { state.withLock { $0.servicesEnabled } }
        set { change { $0.servicesEnabled = newValue } }
    }

    /// Sets the app's own status, telling every manager when the status they see changes;
    /// ``CLAuthorizationStatus/notDetermined`` also forgets that always was asked for, as a reset of iOS's privacy
    /// settings does.
    func setStatus(_ status: CLAuthorizationStatus) {
        change { state in
            state.status = status
            if status == .notDetermined { state.alwaysAsked = false }
        }
    }

    /// Whether any manager has asked for authorization yet.
    var hasBeenRequested: Bool { state.withLock { $0.requested } }

    /// Records that a manager asked for authorization, ahead of the request itself (which waits for the manager's
    /// creation callback), so that no hint says nobody asked.
    func noteRequest() {
        state.withLock { $0.requested = true }
    }

    /// The values diagnostics report now.
    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// Calls `body` on the changing thread after every change of ``snapshot``; returns a key for ``unwatch(_:)``.
    func watch(_ body: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.nextWatcher += 1
            state.watchers[state.nextWatcher] = body
            return state.nextWatcher
        }
    }

    /// Stops calling the watcher with `key`.
    func unwatch(_ key: Int) {
        _ = state.withLock { $0.watchers.removeValue(forKey: key) }
    }

    /// Asks the policy, on a thread of its own, to answer `request` if it can change the status and no other
    /// request waits for its answer.
    ///
    /// As iOS shows one prompt at a time, requests made while the policy decides are ignored: they are answered by
    /// the same decision. A request for always is asked once: after the policy has answered one with a determined
    /// status (granted, denied, or when-in-use kept), later ones change nothing until the status is set back to not
    /// determined (Apple's `requestAlwaysAuthorization()` page: Core Location limits calls to it, and further calls
    /// have no effect). The policy may block (a person answering); its own thread keeps
    /// that wait off the dispatch pool the managers' timers and providers use.
    func request(_ request: AuthorizationRequest) {
        var policy: AuthorizationPolicy?
        var current = CLAuthorizationStatus.notDetermined
        change { state in
            state.requested = true
            current = state.status
            guard state.servicesEnabled, !state.requestInFlight, request != .always || !state.alwaysAsked,
                current == .notDetermined || (current == .authorizedWhenInUse && request == .always)
            else { return }
            policy = state.policy
            state.requestInFlight = true
        }
        guard let policy else { return }
        let asking = Thread { [self, current] in
            let decided = policy.decide(request, current)
            change { state in
                state.requestInFlight = false
                if let decided { state.status = decided }
                // A prompt closed without an answer leaves the status not determined: it may be shown again.
                if request == .always && state.status != .notDetermined { state.alwaysAsked = true }
            }
        }
        asking.name = "LocationAuthorization.policy"
        asking.start()
    }

    /// Applies `body` to the state, tells every manager when the status they see changed, and every watcher when
    /// anything diagnostics report changed.
    private func change(_ body: (inout State) -> Void) {
        let (managers, watchers) = state.withLock { state in
            let (before, snapshot) = (state.effectiveStatus, state.snapshot)
            body(&state)
            let managers = state.effectiveStatus != before ? state.managers.values.compactMap(\.object) : []
            return (managers, state.snapshot != snapshot ? Array(state.watchers.values) : [])
        }
        for manager in managers { manager.authorizationDidChange() }
        for watcher in watchers { watcher() }
    }

    // MARK: Managers

    /// Adds a manager (by its engine), held weakly.
    func join(_ engine: LocationManagerEngine) {
        state.withLock { $0.managers[ObjectIdentifier(engine)] = WeakReference(engine) }
    }

    /// Removes a manager that goes away.
    func leave(_ engine: LocationManagerEngine) {
        _ = state.withLock { $0.managers.removeValue(forKey: ObjectIdentifier(engine)) }
    }

    /// The app's managers, by their engines.
    var managers: [LocationManagerEngine] { state.withLock { $0.managers.values.compactMap(\.object) } }

    // MARK: Visits

    /// Whether the app monitors visits, which every one of its managers then reports (Apple's
    /// `startMonitoringVisits()` page).
    var monitorsVisits: Bool { state.withLock { $0.monitorsVisits } }

    /// Turns visit monitoring on or off for the whole app.
    func setMonitorsVisits(_ on: Bool) {
        state.withLock { $0.monitorsVisits = on }
    }

    // MARK: Regions

    /// Whether any region is monitored; cheap enough to ask for every fix.
    var monitorsRegions: Bool { monitorsRegionsNow.load(ordering: .acquiring) }

    /// The monitored regions, in the order they were first added.
    var regions: [CLRegion] { state.withLock { $0.regions.regions } }

    /// Adds `region`, replacing one with the same identifier; throws why it was refused.
    func addRegion(_ region: CLRegion) throws(RegionMonitor.Refusal) {
        let result = state.withLock { state in
            defer { monitorsRegionsNow.store(!state.regions.isEmpty, ordering: .releasing) }
            return Result { () throws(RegionMonitor.Refusal) in try state.regions.add(region) }
        }
        try result.get()
    }

    /// Stops monitoring the region with `identifier`, if any.
    func removeRegion(identifier: String) {
        state.withLock { state in
            state.regions.remove(identifier: identifier)
            monitorsRegionsNow.store(!state.regions.isEmpty, ordering: .releasing)
        }
    }

    /// The app's state of the monitored region with `identifier`, as decided so far; `.unknown` before the first
    /// decisive fix or for a region not monitored.
    func state(ofRegion identifier: String) -> CLRegionState {
        state.withLock { $0.regions.state(of: identifier) }
    }

    /// Makes the decision of `fixes`, after taking the one still waiting, and runs `body` with it while holding the
    /// app's lock: the hub hands the fix to every callback thread in `body`, so that no manager can take the decision,
    /// and send its events, before then.
    func deciding<Result>(_ fixes: [CLLocation], _ body: (RegionDecision) -> Result) -> Result {
        state.withLock { state in
            if let waiting = state.waitingDecision { take(waiting, in: &state) }
            state.decisionCount += 1
            let decision = RegionDecision(app: self, number: state.decisionCount, fixes: fixes)
            state.waitingDecision = decision
            return body(decision)
        }
    }

    /// The region events of each fix of `decision`, in fix order, after taking it if no manager has yet; without the
    /// events of regions stopped (or replaced) since, so that no callback of a region follows its
    /// `stopMonitoring(for:)`.
    func events(of decision: RegionDecision) -> [[RegionMonitor.Event]] {
        state.withLock { state in
            // Only the newest decision waits: every one before it was taken when it was made.
            if decision.events == nil, state.waitingDecision === decision { take(decision, in: &state) }
            let events = decision.events ?? []
            guard events.contains(where: { !$0.isEmpty }) else { return events }
            let monitored = state.regions.regions
            return events.map { $0.filter { event in monitored.contains { $0 === event.region } } }
        }
    }

    /// Applies the fixes of `decision`, the waiting one, to the regions and, when they caused events, sends these to
    /// every manager of the app: one block per callback thread.
    private func take(_ decision: RegionDecision, in state: inout State) {
        let events = decision.fixes.map { state.regions.update(with: $0) }
        decision.events = events
        state.waitingDecision = nil
        guard events.contains(where: { !$0.isEmpty }) else { return }
        let managers = state.managers.values.compactMap(\.object)
        for (_, engines) in Dictionary(grouping: managers, by: { ObjectIdentifier($0.mailbox) }) {
            engines[0].mailbox.perform { for engine in engines { engine.hear(decision) } }
        }
    }
}
