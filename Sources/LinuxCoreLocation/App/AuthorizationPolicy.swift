/// How authorization requests are answered on Linux, where no system prompt exists.
///
/// **Linux only.**
///
/// A policy is asked only when a request can change the status, as on iOS: from
/// ``CLAuthorizationStatus/notDetermined``, or from ``CLAuthorizationStatus/authorizedWhenInUse`` when asking for
/// ``AuthorizationRequest/always``. A request for ``AuthorizationRequest/always`` is asked once, as iOS limits
/// `requestAlwaysAuthorization()` to one prompt: once the policy has answered one with a determined status (granted,
/// denied, or when-in-use kept by returning `nil`), later ones are not asked, until
/// ``LocationAuthorization/setStatus(_:)`` sets the status back to ``CLAuthorizationStatus/notDetermined`` (a reset of
/// iOS's privacy settings). It runs on a thread of its own, so it may block (a command-line tool can ask on its
/// terminal); one request is asked at a time, as iOS shows one prompt, and requests made meanwhile share its answer.
public struct AuthorizationPolicy: Sendable {
    /// Returns the new status for a request, given the current one; `nil` leaves the status unchanged.
    public let decide: @Sendable (AuthorizationRequest, CLAuthorizationStatus) -> CLAuthorizationStatus?

    /// Creates a policy from a closure.
    ///
    /// - Parameter decide: Given the request and the current status, returns the new status or `nil` for
    ///   no change. Runs on a thread of its own.
    public init(decide: @escaping @Sendable (AuthorizationRequest, CLAuthorizationStatus) -> CLAuthorizationStatus?) {
        self.decide = decide
    }

    /// Grants what was asked, like a user tapping "Allow": when in use → ``CLAuthorizationStatus/authorizedWhenInUse``,
    /// always → ``CLAuthorizationStatus/authorizedAlways``.
    ///
    /// The default.
    public static let grant = AuthorizationPolicy { request, _ in
        request == .always ? .authorizedAlways : .authorizedWhenInUse
    }

    /// Denies every request from ``CLAuthorizationStatus/notDetermined``, like a user tapping "Don't Allow";
    /// leaves a granted status as it is.
    public static let deny = AuthorizationPolicy { _, current in
        current == .notDetermined ? .denied : nil
    }
}
