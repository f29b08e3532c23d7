// Written the way Swift 3 and later import the CLLocationManager-blocks pod on iOS (the stop flag is an
// optional pointer there); only the import differs.
import LinuxCoreLocation
import LocationBlocks

/// A check-in screen: one position and one heading, with the blocks kept in properties of the pod's types.
final class CheckInScreen: NSObject {
    var locationManager: CLLocationManager? = CLLocationManager.update(withAccuracy: 20, locationAge: 30)
    var checkIns: [String] = []

    lazy var onLocation: LocationManagerUpdateBlock = { [weak self] manager, location, error, stopUpdating in
        guard let location = location else { return }
        self?.checkIns.append("at \(location.coordinate.latitude)")
        stopUpdating?.pointee = true
    }

    func checkIn() {
        locationManager?.startUpdatingLocation(update: onLocation)
        locationManager?.startUpdatingHeading { [weak self] _, heading, _, stopUpdating in
            if let heading = heading { self?.checkIns.append("facing \(heading.trueHeading)") }
            stopUpdating!.pointee = true
        }
    }
}
