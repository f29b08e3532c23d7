import Foundation

/// The decision behind significant-change monitoring: which fixes count as a significant change.
///
/// The first fix after the service starts is delivered; after that a fix is delivered when it lies at least
/// `minimumDistance` metres (geodesic) from the last fix this filter delivered **and** at least
/// `minimumInterval` seconds (on the manager's clock) have passed since that delivery. A fix that fails
/// either test is dropped, not held back. Accuracy does not matter, and neither do `distanceFilter` and
/// `desiredAccuracy`.
struct SignificantChangeFilter {
    /// Apple's published figure: a significant change is a move of 500 metres or more.
    static let defaultDistance: CLLocationDistance = 500
    /// Apple's published figure: significant-change updates come no more often than every 5 minutes (300 s).
    static let defaultInterval: TimeInterval = 300

    private var last: (fix: CLLocation, time: Date)?

    /// Whether `fix`, received at `now`, is a significant change; if so it becomes the new reference.
    mutating func accept(
        _ fix: CLLocation, at now: Date, minimumDistance: CLLocationDistance, minimumInterval: TimeInterval
    ) -> Bool {
        if let last {
            guard now.timeIntervalSince(last.time) >= minimumInterval,
                geodesicDistance(fix.coordinate, last.fix.coordinate) >= minimumDistance
            else { return false }
        }
        last = (fix, now)
        return true
    }
}
