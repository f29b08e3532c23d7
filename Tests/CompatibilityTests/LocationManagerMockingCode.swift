// A protocol an app writes to mock CLLocationManager, listing Apple's older members too; the manager conforms
// in an empty extension. It must compile unchanged with only the import switched.
#if canImport(CoreLocation)
    import CoreLocation
#else
    import LinuxCoreLocation
#endif

protocol LocationManagerProtocol: AnyObject {
    var delegate: CLLocationManagerDelegate? { get set }
    var location: CLLocation? { get }
    var heading: CLHeading? { get }
    var monitoredRegions: Set<CLRegion> { get }
    var rangedRegions: Set<CLRegion> { get }
    var rangedBeaconConstraints: Set<CLBeaconIdentityConstraint> { get }
    var maximumRegionMonitoringDistance: CLLocationDistance { get }
    var allowsBackgroundLocationUpdates: Bool { get set }
    var pausesLocationUpdatesAutomatically: Bool { get set }
    var showsBackgroundLocationIndicator: Bool { get set }
    var headingFilter: CLLocationDegrees { get set }
    var headingOrientation: CLDeviceOrientation { get set }
    var accuracyAuthorization: CLAccuracyAuthorization { get }
    var purpose: String? { get set }
    func startMonitoring(for region: CLRegion)
    func startMonitoring(for region: CLRegion, desiredAccuracy accuracy: CLLocationAccuracy)
    func stopMonitoring(for region: CLRegion)
    func requestState(for region: CLRegion)
    func startRangingBeacons(in region: CLBeaconRegion)
    func stopRangingBeacons(in region: CLBeaconRegion)
    func startRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint)
    func stopRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint)
    func startUpdatingHeading()
    func stopUpdatingHeading()
    func startMonitoringSignificantLocationChanges()
    func stopMonitoringSignificantLocationChanges()
    func startMonitoringVisits()
    func stopMonitoringVisits()
    func allowDeferredLocationUpdates(untilTraveled distance: CLLocationDistance, timeout: TimeInterval)
    func disallowDeferredLocationUpdates()
    func dismissHeadingCalibrationDisplay()
    func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String)
    func startMonitoringLocationPushes(completion: (@Sendable (Data?, Error?) -> Void)?)
    func startMonitoringLocationPushes() async throws -> Data
    func stopMonitoringLocationPushes()
    static func headingAvailable() -> Bool
    static func significantLocationChangeMonitoringAvailable() -> Bool
    static func isRangingAvailable() -> Bool
    static func regionMonitoringAvailable() -> Bool
    static func deferredLocationUpdatesAvailable() -> Bool
}

extension CLLocationManager: LocationManagerProtocol {}

/// A beacon screen of an iOS 12 app, still built with the iOS 13-deprecated ranging calls.
final class LegacyBeaconScreen: NSObject, CLLocationManagerDelegate {
    let manager: LocationManagerProtocol
    private(set) var failures: [String] = []

    init(manager: LocationManagerProtocol) {
        self.manager = manager
        super.init()
        manager.delegate = self
    }

    func appear(region: CLBeaconRegion) {
        manager.startRangingBeacons(in: region)
    }

    func disappear(region: CLBeaconRegion) {
        manager.stopRangingBeacons(in: region)
    }

    func locationManager(
        _ manager: CLLocationManager, rangingBeaconsDidFailFor region: CLBeaconRegion, withError error: Error
    ) {
        failures.append("\(region.identifier): \((error as? CLError)?.code.rawValue ?? -1)")
    }
}
