extension LocationManagerEngine {
    /// Apple's limit on the regions one app may monitor at once.
    static let maximumMonitoredRegions = 20

    /// The largest region radius accepted, in metres (1,000 km).
    ///
    /// Apple does not document its own value; this one
    /// is generous enough for any geofence and keeps circles far from covering a hemisphere.
    static let maximumRegionMonitoringDistance: CLLocationDistance = 1_000_000

    /// `startMonitoring(for:)`: adds a circular region to the app's set, or reports why it cannot.
    ///
    /// The region replaces one with the same identifier (whose state is forgotten) and is confirmed to this
    /// manager with `didStartMonitoringFor`; beacon regions, a 21st region of the app and oversized circles
    /// fail with `monitoringDidFailFor` and `CLError(.regionMonitoringFailure)`, as on iOS. Every manager of
    /// the app with a delegate then reports the region's events, decided from the fixes of any of them.
    func startMonitoring(for region: CLRegion) {
        let accepted: Bool
        do {
            try app.addRegion(region)
            accepted = true
        } catch {
            accepted = false
        }
        // Posted before the provider starts: its first fix, which may come at once, is decided after the
        // confirmation, so `didStartMonitoringFor` comes before the region's first state, as on iOS.
        performWithDelegate { [self] manager, delegate in
            // A region replaced by this one had its state forgotten: what the delegate heard of it no longer holds.
            if accepted { _ = state.withLock { $0.heardRegionStates.removeValue(forKey: region.identifier) } }
            if accepted {
                delegate.locationManager(manager, didStartMonitoringFor: region)
            } else {
                delegate.locationManager(
                    manager, monitoringDidFailFor: region, withError: CLError(.regionMonitoringFailure))
            }
        }
        reportIfUnusable()
        regionsDidChange()
    }

    /// `stopMonitoring(for:)`: removes the region with that identifier from the app's set, whichever manager
    /// added it.
    func stopMonitoring(for region: CLRegion) {
        app.removeRegion(identifier: region.identifier)
        regionsDidChange()
    }

    /// Starts or stops the provider of every manager of the app to follow the app's set.
    private func regionsDidChange() {
        let engines = app.managers
        for engine in engines { engine.updateProviderNeed() }
        if !engines.contains(where: { $0 === self }) { updateProviderNeed() }
    }

    /// `requestState(for:)`: reports, through `didDetermineState`, the state of the monitored region with that
    /// identifier; `.unknown` before the first decisive fix or for a region not monitored.
    ///
    /// The answer is given when it is delivered, after every callback posted before it, and is the state this
    /// manager's delegate heard last of the region, else the app's (the same whichever manager asks): it never
    /// contradicts a state the delegate heard before it (issue 31: read at the call, it said `.unknown` right after a
    /// fix posted meanwhile had said `.inside`).
    func requestState(for region: CLRegion) {
        performWithDelegate { [self] manager, delegate in
            let identifier = region.identifier
            let monitored = app.regions.contains { $0.identifier == identifier }
            let heard = state.withLock { $0.heardRegionStates[identifier] }
            let answer = monitored ? heard ?? app.state(ofRegion: identifier) : .unknown
            delegate.locationManager(manager, didDetermineState: answer, for: region)
        }
    }

    /// The app's monitored regions.
    var monitoredRegions: Set<CLRegion> { Set(app.regions) }
}

extension LocationManagerEngine.State {
    /// Keeps the states that `events` tell the delegate, for `requestState(for:)`.
    mutating func note(_ events: some Sequence<RegionMonitor.Event>) {
        for case .determined(let regionState, let region) in events {
            heardRegionStates[region.identifier] = regionState
        }
    }
}
