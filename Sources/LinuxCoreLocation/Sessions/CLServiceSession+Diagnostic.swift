extension CLServiceSession {
    /// Why location may not flow to a session, as flags; all `false` when nothing stands in the way.
    ///
    /// On Linux the flags come from the ``LocationAuthorization`` of the session and from whether a provider
    /// exists. Source: Apple's CoreLocation documentation (`CLServiceSession.Diagnostic`, iOS 18).
    public struct Diagnostic: Sendable, Equatable {
        /// The app's authorization is denied (Location Services being on).
        public let authorizationDenied: Bool
        /// Location Services are off: the authorization's ``LocationAuthorization/locationServicesEnabled`` is
        /// `false`, or no provider is configured or found.
        public let authorizationDeniedGlobally: Bool
        /// The app's authorization is restricted.
        public let authorizationRestricted: Bool
        /// The app is not in use enough for its authorization; always `false` on Linux, which has no background.
        public let insufficientlyInUse: Bool
        /// The app needs a service session it lacks; always `false` on Linux, which has no Info.plist to ask
        /// for explicit sessions.
        public let serviceSessionRequired: Bool
        /// The session asked for full accuracy and the app has reduced accuracy.
        public let fullAccuracyDenied: Bool
        /// The session asked for always authorization and the app has when-in-use authorization or less.
        public let alwaysAuthorizationDenied: Bool
        /// An authorization request is waiting for the policy's answer.
        public let authorizationRequestInProgress: Bool

        init(_ facts: AuthorizationFacts, requirement: AuthorizationRequirement, wantsFullAccuracy: Bool) {
            authorizationDenied = facts.denied
            authorizationDeniedGlobally = facts.deniedGlobally
            authorizationRestricted = facts.restricted
            insufficientlyInUse = false
            serviceSessionRequired = false
            fullAccuracyDenied = wantsFullAccuracy && facts.accuracyLimited
            alwaysAuthorizationDenied =
                requirement == .always && facts.status != .authorizedAlways && facts.status != .notDetermined
                && !facts.requestInProgress
            authorizationRequestInProgress = facts.requestInProgress
        }
    }

    /// The diagnostics of a session, as an asynchronous sequence: the current state when iteration begins,
    /// then one element per change, until the session ends; never throws on Linux.
    ///
    /// Source: Apple's CoreLocation documentation (`CLServiceSession.Diagnostics`, iOS 18).
    public typealias Diagnostics = DiagnosticSequence<Diagnostic>
}
