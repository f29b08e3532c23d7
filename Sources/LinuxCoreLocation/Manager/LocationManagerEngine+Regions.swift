extension LocationManagerEngine {
    /// Apple's limit on the regions one app may monitor at once.
    static let maximumMonitoredRegions = 20

    /// The largest region radius accepted, in metres (1,000 km).
    ///
    /// Apple does not document its own value; this one
    /// is generous enough for any geofence and keeps circles far from covering a hemisphere.
    static let maximumRegionMonitoringDistance: CLLocationDistance = 1_000_000

    /// `startMonitoring(for:)`: circular regions are monitored (replacing one with the same identifier, whose
    /// state is forgotten) and confirmed with `didStartMonitoringFor`; beacon regions, a 21st region and
    /// oversized circles fail with `monitoringDidFailFor` and `CLError(.regionMonitoringFailure)`, as on iOS.
    func startMonitoring(for region: CLRegion) {
        let accepted: Bool = state.withLock { state in
            do {
                try state.regions.add(region)
                return true
            } catch {
                return false
            }
        }
        reportIfUnusable()
        updateProviderNeed()
        performWithDelegate { manager, delegate in
            if accepted {
                delegate.locationManager(manager, didStartMonitoringFor: region)
            } else {
                delegate.locationManager(
                    manager, monitoringDidFailFor: region, withError: CLError(.regionMonitoringFailure))
            }
        }
    }

    /// `stopMonitoring(for:)`: forgets the region with that identifier.
    func stopMonitoring(for region: CLRegion) {
        state.withLock { $0.regions.remove(identifier: region.identifier) }
        updateProviderNeed()
    }

    /// `requestState(for:)`: reports, through `didDetermineState`, the state last decided for the monitored
    /// region with that identifier when the call is made; `.unknown` before the first decisive fix or for a
    /// region not monitored.
    func requestState(for region: CLRegion) {
        let regionState = state.withLock { $0.regions.state(of: region.identifier) }
        performWithDelegate { manager, delegate in
            delegate.locationManager(manager, didDetermineState: regionState, for: region)
        }
    }

    /// The monitored regions.
    var monitoredRegions: Set<CLRegion> { state.withLock { Set($0.regions.regions) } }
}
