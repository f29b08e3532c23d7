import LinuxCoreLocation

/// One region-monitoring event, as delivered by ``LocationStreams/regionEvents(for:)``.
public enum RegionEvent: Sendable, Equatable {
    /// Monitoring of the region started (`didStartMonitoringFor`).
    case didStartMonitoring(CLRegion)
    /// The device entered the region (`didEnterRegion`).
    case didEnter(CLRegion)
    /// The device left the region (`didExitRegion`).
    case didExit(CLRegion)
    /// The region's state was determined (`didDetermineState`).
    case didDetermineState(CLRegionState, CLRegion)
    /// Monitoring the region failed (`monitoringDidFailFor`); the region is `nil` when the system gave none.
    case monitoringDidFail(CLRegion?, CLError)

    /// The region the event is about, if any.
    public var region: CLRegion? {
        switch self {
        case .didStartMonitoring(let region), .didEnter(let region), .didExit(let region),
            .didDetermineState(_, let region):
            return region
        case .monitoringDidFail(let region, _):
            return region
        }
    }
}
