// Written the way Swift 3 and later apps use the CLLocationManager-blocks pod on iOS; only the import differs.
import LinuxCoreLocation
import LocationBlocks

/// A navigation screen: picks its manager factory from the mode, checks the pod's helper object, and declares its
/// location update block in full, reading the error's code through `NSError`.
final class Navigator: NSObject {
    // The pod's factories as values, as a screen that defers the choice keeps them.
    let makeManager: () -> CLLocationManager? = CLLocationManager.update
    let makeDrivingManager: (Double, Double) -> CLLocationManager? = CLLocationManager.update(withAccuracy:locationAge:)
    let makeWalkingManager: (Double, Double, CLLocationUpdateAuthorizationDescription) -> CLLocationManager? =
        CLLocationManager.update(withAccuracy:locationAge:authorizationDesciption:)

    var manager: CLLocationManager?
    var helper: CLLocationManagerBlocks?
    var log: [String] = []

    func start(walking: Bool) {
        manager = walking ? makeWalkingManager(20, 10, .whenInUse) : makeDrivingManager(100, 30)
        guard let manager = manager else { return }
        helper = manager.blocksDelegate as? CLLocationManagerBlocks
        manager.didFailWithError { _, error in
            self.log.append("didFail \((error as NSError?)?.code ?? -1)")
        }
        manager.startUpdatingLocation(update: {
            (
                manager: CLLocationManager?, location: CLLocation?, error: Error?,
                stopUpdating: UnsafeMutablePointer<ObjCBool>?
            ) -> Void in
            if let location = location {
                self.log.append("fix \(location.coordinate.latitude)")
            } else if let error = error as NSError? {
                self.log.append("location error \(error.code)")
            }
        })
        manager.startUpdatingHeading { _, heading, error, _ in
            guard let heading = heading else { return self.log.append("heading error \(String(describing: error))") }
            self.log.append("heading \(heading.trueHeading)")
        }
    }

    /// The delegate the pod's helper object is, seen as the protocol.
    var helperAsDelegate: CLLocationManagerDelegate? { helper }
}
