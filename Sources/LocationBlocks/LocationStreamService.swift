import LinuxCoreLocation

/// What a stream needs running, and which events it takes.
enum LocationStreamService: Sendable {
    case locations(LocationUpdateFilter)
    case headings
    case significantChanges
    case regions([CLRegion])
    case visits
    /// Authorization statuses; with a request to make when the iteration starts, or none.
    case authorization(requesting: CLLocationUpdateAuthorizationDescription?)
    case errors
    /// Pauses and resumptions of standard updates, which it leaves to the iterations that run them.
    case locationEvents

    /// What an iteration asks for when it starts, given the status then.
    ///
    /// MMPReactiveCoreLocation's rules: a service asks only while the status is not determined — "when in use" for
    /// locations and headings (its default authorization type), "always" for significant changes and regions
    /// (which it forces to "always") and for visits (which iOS monitors only with "always"; MMP asks its default
    /// type). An explicit request (its `requestAuthorization`) asks whatever the status, and the authorization
    /// decides whether the answer can still change (from "when in use" to "always", say). Errors, pauses and plain
    /// status changes ask nothing.
    func authorizationRequest(at status: CLAuthorizationStatus) -> CLLocationUpdateAuthorizationDescription? {
        switch self {
        case .authorization(let requested): return requested
        case .errors, .locationEvents: return nil
        case .locations, .headings: return status == .notDetermined ? .whenInUse : nil
        case .significantChanges, .regions, .visits: return status == .notDetermined ? .always : nil
        }
    }
}
