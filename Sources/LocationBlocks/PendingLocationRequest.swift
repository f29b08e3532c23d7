import LinuxCoreLocation

/// A request or subscription waiting in a ``LocationRequestCenter``; lives on the center's queue.
struct PendingLocationRequest {
    enum Kind {
        /// A one-shot request; the timer is `nil` before the countdown starts (no timeout, or waiting for
        /// authorization).
        case oneShot(LocationRequestAccuracy, timeout: TimeInterval, delayUntilAuthorized: Bool)
        case locations
        case significantChanges
        case headings
    }

    let kind: Kind
    let onLocation: (@Sendable (LocationRequestResult) -> Void)?
    let onHeading: (@Sendable (CLHeading?, LocationRequestStatus) -> Void)?
    /// The most accurate valid fix seen during a one-shot request.
    var best: CLLocation?
    /// How many valid fixes a one-shot request saw, and the most recently stamped of them.
    var seen = 0
    var newest: CLLocation?
    var timer: LocationClockTimer?

    var isOneShot: Bool {
        if case .oneShot = kind { return true }
        return false
    }

    /// Whether this request needs standard location updates.
    var needsLocationUpdates: Bool {
        switch kind {
        case .oneShot, .locations: return true
        case .significantChanges, .headings: return false
        }
    }

    var needsHeadings: Bool {
        if case .headings = kind { return true }
        return false
    }

    var needsSignificantChanges: Bool {
        if case .significantChanges = kind { return true }
        return false
    }

    /// Whether an error of `manager`'s services ends this request (`updates` runs one-shots, location and
    /// heading subscriptions).
    func isServed(by manager: CLLocationManager, updates: CLLocationManager) -> Bool {
        needsSignificantChanges == (manager !== updates)
    }

    /// Calls the handler with `result`: a heading request hears only its status.
    func complete(with result: LocationRequestResult) {
        onLocation?(result)
        onHeading?(nil, result.status)
    }

    /// Counts `fix` if it is valid, and keeps it if it is the newest so far, or at least as accurate as the best
    /// (ties go to the newer fix).
    mutating func consider(_ fix: CLLocation) {
        guard fix.horizontalAccuracy >= 0 else { return }
        seen += 1
        if newest.map({ fix.timestamp >= $0.timestamp }) ?? true { newest = fix }
        if let best, best.horizontalAccuracy < fix.horizontalAccuracy { return }
        best = fix
    }
}
