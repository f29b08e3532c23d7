// INTULocationManager's README examples, as Swift apps write them; only `import CoreLocation` differs.
import INTULocationManager
import LinuxCoreLocation

/// The README's three examples: a one-time request, a subscription, and managing requests in progress.
final class ReadmeUsage {
    var outcomes: [String] = []

    func getTheCurrentLocationOnce(_ locMgr: INTULocationManager = INTULocationManager.sharedInstance()) {
        locMgr.requestLocation(withDesiredAccuracy: .city, timeout: 10.0, delayUntilAuthorized: true) {
            currentLocation, achievedAccuracy, status in
            if status == .success {
                // achievedAccuracy is at least the requested accuracy, and currentLocation is the device's location.
                self.outcomes.append("once success \(achievedAccuracy.rawValue)")
            } else if status == .timedOut {
                // currentLocation is the best available (if any), achievedAccuracy tells how good it is.
                self.outcomes.append("once timed out \(currentLocation == nil ? "without" : "with") a location")
            } else {
                self.outcomes.append("once failed \(status.rawValue)")
            }
        }
    }

    func subscribe(_ locMgr: INTULocationManager = INTULocationManager.sharedInstance()) {
        locMgr.subscribeToLocationUpdates { currentLocation, achievedAccuracy, status in
            if status == .success {
                self.outcomes.append("update \(currentLocation!.coordinate.latitude) \(achievedAccuracy.rawValue)")
            } else {
                self.outcomes.append("update failed \(status.rawValue)")
            }
        }
    }

    func manageInProgressRequests(_ locMgr: INTULocationManager = INTULocationManager.sharedInstance()) {
        let locationRequestBlock: INTULocationRequestBlock = { currentLocation, achievedAccuracy, status in
            self.outcomes.append("managed \(status.rawValue)")
        }
        let requestID: INTULocationRequestID = locMgr.requestLocation(
            withDesiredAccuracy: .house, timeout: 5.0, block: locationRequestBlock)
        // Force the request to complete early, like a manual timeout (will execute the block)
        locMgr.forceCompleteLocationRequest(requestID)
        // Cancel the request (won't execute the block): it is already complete, so this does nothing
        locMgr.cancelLocationRequest(requestID)
    }
}
