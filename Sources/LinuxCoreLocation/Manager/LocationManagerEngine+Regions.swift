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
        reportIfUnusable()
        regionsDidChange()
        performWithDelegate { manager, delegate in
            if accepted {
                delegate.locationManager(manager, didStartMonitoringFor: region)
            } else {
                delegate.locationManager(
                    manager, monitoringDidFailFor: region, withError: CLError(.regionMonitoringFailure))
            }
        }
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

    /// `requestState(for:)`: reports, through `didDetermineState`, the app's state of the monitored region with
    /// that identifier when the call is made (the same whichever manager asks); `.unknown` before the first
    /// decisive fix or for a region not monitored.
    func requestState(for region: CLRegion) {
        let regionState = app.state(ofRegion: region.identifier)
        performWithDelegate { manager, delegate in
            delegate.locationManager(manager, didDetermineState: regionState, for: region)
        }
    }

    /// The app's monitored regions.
    var monitoredRegions: Set<CLRegion> { Set(app.regions) }
}
