// Written the way Swift apps use the CLLocationManager-blocks pod on iOS; only the import differs.
import LinuxCoreLocation
import LocationBlocks

/// A geofence around a shop: the pod's region blocks, fed by the mirror's region monitoring.
final class Geofence {
    let manager: CLLocationManager = CLLocationManager.update()
    var log: [String] = []

    func watch(_ region: CLRegion) {
        manager.didStartMonitoringForRegion { _, region in self.log.append("started \(region?.identifier ?? "?")") }
        manager.didDetermineState { _, state, region in
            self.log.append("state \(state.rawValue) \(region?.identifier ?? "?")")
        }
        manager.didEnterRegion { _, region in self.log.append("entered \(region?.identifier ?? "?")") }
        manager.didExitRegion { _, region in self.log.append("exited \(region?.identifier ?? "?")") }
        manager.monitoringDidFailForRegion { _, region, error in self.log.append("failed \(String(describing: error))")
        }
        manager.requestAlwaysAuthorization()
        manager.startMonitoring(for: region)
    }
}
