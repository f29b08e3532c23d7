// Written the way Swift apps use INTULocationManager on iOS; only `import CoreLocation` differs.
import INTULocationManager
import LinuxCoreLocation

/// A compass needle driven by heading updates.
@MainActor
final class CompassScreen {
    private var headingRequestID: INTUHeadingRequestID?
    private(set) var needle: [Double] = []
    private(set) var notes: [String] = []
    private let locationManager: INTULocationManager

    init(locationManager: INTULocationManager) {
        self.locationManager = locationManager
    }

    func viewDidAppear() {
        guard INTULocationManager.headingServicesState() == .available else {
            notes.append("no compass")
            return
        }
        showHeading()
    }

    func showHeading() {
        headingRequestID = locationManager.subscribeToHeadingUpdates { heading, status in
            switch status {
            case .success:
                if let heading = heading { self.needle.append(heading.trueHeading) }
            case .invalid:
                self.notes.append("calibrating")
            case .unavailable:
                self.notes.append("unavailable")
                self.headingRequestID = nil
            @unknown default:
                break
            }
        }
    }

    func viewWillDisappear() {
        if let headingRequestID = headingRequestID {
            locationManager.cancelHeadingRequest(headingRequestID)
        }
    }
}
