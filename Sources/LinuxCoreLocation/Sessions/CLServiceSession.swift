import Foundation
import LocationSupport

/// A declaration of the authorization a part of the app needs, held for as long as that part runs, with
/// diagnostics saying why location may not flow.
///
/// Creating a session with a requirement other than ``AuthorizationRequirement/none`` asks for that
/// authorization when it can still be granted (the status is not determined, or when-in-use for an `always`
/// session), and asks again whenever the status falls back to not determined while the session lives — on
/// Linux the request goes to the ``AuthorizationPolicy``. ``diagnostics`` reports the authorization policy's
/// state; there is no background on Linux, so ``Diagnostic/insufficientlyInUse`` and
/// ``Diagnostic/serviceSessionRequired`` stay `false`. ``invalidate()`` (or releasing the session) ends it and
/// finishes its diagnostics. Thread-safe. Source: Apple's CoreLocation documentation (`CLServiceSession`,
/// iOS 18).
public final class CLServiceSession: Sendable {
    /// The authorization a session needs.
    ///
    /// Source: Apple's CoreLocation documentation (`CLServiceSession.AuthorizationRequirement`).
    public enum AuthorizationRequirement: Sendable, Hashable {
        /// No authorization is asked for; the session only reports diagnostics.
        case none
        /// When-in-use authorization.
        case whenInUse
        /// Always authorization.
        case always
    }

    let requirement: AuthorizationRequirement
    let fullAccuracyPurposeKey: String?
    private let feed: DiagnosticFeed<Diagnostic>

    /// Creates a session that needs `authorization`, with the process's default provider and authorization.
    ///
    /// - Parameter authorization: The authorization needed; `.none` to ask for nothing.
    public convenience init(authorization: AuthorizationRequirement) {
        self.init(
            authorization: authorization, fullAccuracyPurposeKey: nil, configuration: LocationManagerConfiguration())
    }

    /// Creates a session that needs `authorization` and full accuracy, for the purpose the key names.
    ///
    /// Linux always has full accuracy unless the authorization says otherwise
    /// (``LocationAuthorization/accuracy``).
    ///
    /// - Parameters:
    ///   - authorization: The authorization needed.
    ///   - fullAccuracyPurposeKey: The key of the purpose string in the app's Info.plist on Apple's platforms.
    public convenience init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) {
        self.init(
            authorization: authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey,
            configuration: LocationManagerConfiguration())
    }

    /// Creates a session with a chosen provider and authorization.
    ///
    /// **Linux only.**
    ///
    /// - Parameters:
    ///   - authorization: The authorization needed.
    ///   - fullAccuracyPurposeKey: A purpose key when full accuracy is needed, or `nil`.
    ///   - configuration: The provider (whose absence counts as Location Services off) and authorization.
    public init(
        authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String?,
        configuration: LocationManagerConfiguration
    ) {
        requirement = authorization
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        let appAuthorization = configuration.authorization
        let hasProvider = configuration.resolvedProvider() != nil
        let wantsFullAccuracy = fullAccuracyPurposeKey != nil
        let lastStatus = Locked(appAuthorization.status)
        feed = DiagnosticFeed(
            authorization: appAuthorization,
            compute: { snapshot in
                Diagnostic(
                    AuthorizationFacts(snapshot, hasProvider: hasProvider), requirement: authorization,
                    wantsFullAccuracy: wantsFullAccuracy)
            },
            onChange: { snapshot in
                // Asks again only when the status falls back to not determined, so that a policy that never
                // answers is not asked in a loop.
                let fellBack = lastStatus.withLock { last in
                    defer { last = snapshot.status }
                    return last != .notDetermined && snapshot.status == .notDetermined
                }
                if fellBack { Self.ask(appAuthorization, snapshot, for: authorization) }
            })
        Self.ask(appAuthorization, appAuthorization.app.snapshot, for: authorization)
    }

    deinit {
        feed.end()
    }

    /// The session's diagnostics: the current state first, then every change, until the session ends.
    public var diagnostics: Diagnostics { Diagnostics(feed: feed) }

    /// Ends the session: it asks for nothing more, and its diagnostics finish.
    ///
    /// Idempotent.
    public func invalidate() {
        feed.end()
    }

    /// Asks for the requirement when it can still be granted and no request is under way.
    private static func ask(
        _ authorization: LocationAuthorization, _ snapshot: LocationApp.Snapshot,
        for requirement: AuthorizationRequirement
    ) {
        guard !snapshot.requestInProgress else { return }
        switch (requirement, snapshot.status) {
        case (.whenInUse, .notDetermined): authorization.app.request(.whenInUse)
        case (.always, .notDetermined), (.always, .authorizedWhenInUse): authorization.app.request(.always)
        default: break
        }
    }
}
