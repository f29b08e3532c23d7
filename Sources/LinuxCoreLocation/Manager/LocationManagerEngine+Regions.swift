extension LocationManagerEngine {
    /// Apple's limit on the regions one app may monitor at once.
    static let maximumMonitoredRegions = 20

    /// The largest region radius accepted, in metres (1,000 km). Apple does not document its own value; this one
    /// is generous enough for any geofence and keeps circles far from covering a hemisphere.
    static let maximumRegionMonitoringDistance: CLLocationDistance = 1_000_000

    /// `startMonitoring(for:)`: circular regions are recorded (replacing one with the same identifier) and
    /// confirmed with `didStartMonitoringFor`; beacon regions, a 21st region and oversized circles fail with
    /// `monitoringDidFailFor` and `CLError(.regionMonitoringFailure)`, as on iOS.
    func startMonitoring(for region: CLRegion) {
        let accepted: Bool = state.withLock { state in
            guard let circle = region as? CLCircularRegion,
                circle.radius > 0, circle.radius <= Self.maximumRegionMonitoringDistance,
                CLLocationCoordinate2DIsValid(circle.center)
            else { return false }
            let others = state.monitoredRegions.filter { $0.identifier != region.identifier }
            guard others.count < Self.maximumMonitoredRegions else { return false }
            state.monitoredRegions = others.union([region])
            return true
        }
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
        state.withLock { state in
            state.monitoredRegions = state.monitoredRegions.filter { $0.identifier != region.identifier }
        }
        updateProviderNeed()
    }

    /// Turns a bookkeeping-only service on or off.
    func setService(_ keyPath: WritableKeyPath<State, Bool>, _ on: Bool) {
        state.withLock { $0[keyPath: keyPath] = on }
        updateProviderNeed()
    }
}
