import LinuxCoreLocation
import LocationSupport

/// Accuracy filter value that turns the filter off: every valid and invalid fix passes.
///
/// Value 0, as in
/// CLLocationManager-blocks (a zero-metre accuracy is never reported, so 0 cannot be a useful threshold).
public let kCLUpdateAccuracyFilterNone: CLUpdateAccuracyFilter = 0

/// Age filter value that turns the filter off: fixes of any age pass.
///
/// Value 0, as in CLLocationManager-blocks.
public let kCLLocationAgeFilterNone: CLLocationAgeFilter = 0

/// The accuracy and age filters of the blocks layer, shared by the manager's blocks and the location streams.
struct LocationUpdateFilter: Sendable, Equatable {
    /// Metres; see ``CLLocationManager/updateAccuracyFilter``.
    var accuracy: CLLocationAccuracy = kCLUpdateAccuracyFilterNone
    /// Seconds; see ``CLLocationManager/updateLocationAgeFilter``.
    var age: TimeInterval = kCLLocationAgeFilterNone

    /// The largest accepted horizontal accuracy in metres, or `nil` when the accuracy filter is off
    /// (``kCLUpdateAccuracyFilterNone`` or NaN).
    ///
    /// A negative filter (Apple's "best" sentinels such as
    /// `kCLLocationAccuracyBest`) means 10 m, the mirror's threshold for `requestLocation()` with the same sentinels
    /// (one definition, `BestAccuracy`).
    var accuracyThreshold: CLLocationAccuracy? {
        if accuracy == kCLUpdateAccuracyFilterNone || accuracy.isNaN { return nil }
        return BestAccuracy.threshold(forDesired: accuracy)
    }

    /// What the filters decide about one fix.
    enum Verdict: Equatable {
        case passed
        /// Over the accuracy threshold, or an invalid (negative) accuracy while the filter is on.
        case droppedByAccuracy
        /// At or beyond the age limit, in the past or the future.
        case droppedByAge
    }

    /// What the filters decide about `fix` at the time `now` (the manager's event time); accuracy first.
    func verdict(on fix: CLLocation, now: Date) -> Verdict {
        if let threshold = accuracyThreshold {
            guard fix.horizontalAccuracy >= 0, fix.horizontalAccuracy <= threshold else { return .droppedByAccuracy }
        }
        if age > 0 {
            guard abs(fix.timestamp.timeIntervalSince(now)) < age else { return .droppedByAge }
        }
        return .passed
    }

    /// The fixes of `fixes` that pass, in order.
    func filter(_ fixes: [CLLocation], now: Date) -> [CLLocation] {
        fixes.filter { verdict(on: $0, now: now) == .passed }
    }
}
