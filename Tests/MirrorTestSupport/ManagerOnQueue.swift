import Foundation
import LinuxCoreLocation

/// A manager made on `queue`, fed by `provider`, whose callbacks arrive on `queue`, authorized "always" unless
/// `authorization` says otherwise; `setUp` runs there before any callback (set the delegate and start a service in
/// it).
public func manager(
    of provider: any LocationProvider, on queue: DispatchQueue,
    authorization: LocationAuthorization = LocationAuthorization(status: .authorizedAlways),
    _ setUp: (CLLocationManager) -> Void
) -> CLLocationManager {
    queue.sync {
        let manager = CLLocationManager(
            configuration: LocationManagerConfiguration(
                provider: provider, authorization: authorization, callbackQueue: queue))
        setUp(manager)
        return manager
    }
}
