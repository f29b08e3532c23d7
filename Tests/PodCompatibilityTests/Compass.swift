// Written the way Swift apps use the CLLocationManager-blocks pod on iOS; only the import differs.
import LinuxCoreLocation
import LocationBlocks

/// A compass screen: headings until the first one, positions that never touch the flag.
final class Compass {
    lazy var manager: CLLocationManager = {
        let manager: CLLocationManager = CLLocationManager.update(
            withAccuracy: kCLUpdateAccuracyFilterNone, locationAge: 10)
        manager.headingFilter = kCLHeadingFilterNone
        return manager
    }()
    var headings: [CLLocationDirection] = []
    var positions: [CLLocationDegrees] = []
    var headingBlockCalls = 0

    func start() {
        if !CLLocationManager.isLocationUpdatesAvailable() { return }
        manager.didUpdateHeading(bock: { _, heading in
            self.headingBlockCalls += 1
        })
        manager.startUpdatingHeading { manager, heading, error, stopUpdating in
            guard let heading = heading else { return }
            self.headings.append(heading.trueHeading)
            stopUpdating.pointee = true
        }
        manager.startUpdatingLocation { _, location, _, _ in
            if let location = location { self.positions.append(location.coordinate.latitude) }
        }
    }
}
