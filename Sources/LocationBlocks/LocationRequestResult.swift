import LinuxCoreLocation

/// What a one-shot request completes with, or what a location subscription receives.
public struct LocationRequestResult: Sendable {
    /// The fix: the one that met the level (success) or the subscription's new fix; otherwise the most accurate
    /// valid fix seen during the request, or under INTULocationManager's conventions the most recent location
    /// (see ``LocationRequestConventions``); `nil` when there is none.
    public let location: CLLocation?
    /// How the request ended.
    public let status: LocationRequestStatus
    /// The most demanding named level ``location`` meets when the result is made, or `nil`.
    public let achievedAccuracy: LocationRequestAccuracy?
    /// Whether a one-shot request ended because its provider finished, rather than at its timeout.
    ///
    /// **Linux only.** With ``LocationRequestStatus/timedOut``: a replay reached the end of its file, so no fix
    /// could meet the level any more. `false` otherwise.
    public internal(set) var providerFinished = false
    /// How many valid fixes a one-shot request saw before it ended, whether they met its level or not.
    ///
    /// **Linux only.** With ``newestFix``, it says why a request timed out: no fix at all, or fixes that were too
    /// old (a receiver with a wrong date) or too inaccurate. 0 for a subscription's result.
    public internal(set) var fixesSeen = 0
    /// The most recently stamped valid fix a one-shot request saw, or `nil`.
    ///
    /// **Linux only.** See ``fixesSeen``.
    public internal(set) var newestFix: CLLocation?
    /// The time on the managers' clock at which a one-shot request's result was made — its timeout's due time, or
    /// the delivery time of the fix that met its level — against which ``achievedAccuracy`` measured ages; `nil` for
    /// a subscription's result.
    ///
    /// **Linux only.** The same on every run of a replay as fast as possible, whose clock runs ahead of the
    /// callback queue: measure the age of ``newestFix`` against this, not `clock.now`.
    public internal(set) var evaluationTime: Date?
}
