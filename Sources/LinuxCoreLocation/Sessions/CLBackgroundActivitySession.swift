import Foundation

/// A session that keeps a when-in-use app "in use" in the background, so that its updates and events go on.
///
/// Linux has no background: every process is in use, so a session changes nothing about what flows. It
/// exists so that iOS 17 and 18 code compiles and behaves: ``diagnostics`` reports the authorization policy's
/// state as a ``CLServiceSession``'s does, and ``invalidate()`` (or releasing the session) finishes them.
/// Thread-safe. Source: Apple's CoreLocation documentation (`CLBackgroundActivitySession`, iOS 17; its
/// diagnostics, iOS 18).
public final class CLBackgroundActivitySession: Sendable {
    private let feed: DiagnosticFeed<Diagnostic>

    /// Creates a session with the process's default provider and authorization.
    public convenience init() {
        self.init(configuration: LocationManagerConfiguration())
    }

    /// Creates a session with a chosen provider and authorization.
    ///
    /// **Linux only.**
    ///
    /// - Parameter configuration: The provider (whose absence counts as Location Services off) and
    ///   authorization.
    public init(configuration: LocationManagerConfiguration) {
        let hasProvider = configuration.resolvedProvider() != nil
        feed = DiagnosticFeed(authorization: configuration.authorization) { snapshot in
            Diagnostic(AuthorizationFacts(snapshot, hasProvider: hasProvider))
        }
    }

    deinit {
        feed.end()
    }

    /// The session's diagnostics: the current state first, then every change, until the session ends.
    public var diagnostics: Diagnostics { Diagnostics(feed: feed) }

    /// Ends the session and finishes its diagnostics.
    ///
    /// Idempotent.
    public func invalidate() {
        feed.end()
    }

    /// Why a background session may not keep location flowing, as flags; all `false` when nothing stands in
    /// the way.
    ///
    /// Source: Apple's CoreLocation documentation (`CLBackgroundActivitySession.Diagnostic`, iOS 18).
    public struct Diagnostic: Sendable, Equatable {
        /// The app's authorization is denied (Location Services being on).
        public let authorizationDenied: Bool
        /// Location Services are off, or no provider is configured or found.
        public let authorizationDeniedGlobally: Bool
        /// The app's authorization is restricted.
        public let authorizationRestricted: Bool
        /// The app is not in use enough; always `false` on Linux, which has no background.
        public let insufficientlyInUse: Bool
        /// The app needs a service session it lacks; always `false` on Linux.
        public let serviceSessionRequired: Bool
        /// An authorization request is waiting for the policy's answer.
        public let authorizationRequestInProgress: Bool

        init(_ facts: AuthorizationFacts) {
            authorizationDenied = facts.denied
            authorizationDeniedGlobally = facts.deniedGlobally
            authorizationRestricted = facts.restricted
            insufficientlyInUse = false
            serviceSessionRequired = false
            authorizationRequestInProgress = facts.requestInProgress
        }
    }

    /// The diagnostics of a session, as an asynchronous sequence: the current state when iteration begins,
    /// then one element per change, until the session ends; never throws on Linux.
    ///
    /// Source: Apple's CoreLocation documentation (`CLBackgroundActivitySession.Diagnostics`, iOS 18).
    public typealias Diagnostics = DiagnosticSequence<Diagnostic>
}
