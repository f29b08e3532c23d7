import Dispatch

/// How a ``CLLocationManager`` is wired on Linux: its provider, its authorization and where its callbacks run.
///
/// **Linux only.**
public struct LocationManagerConfiguration: Sendable {
    /// The provider; `nil` resolves ``LocationProviders/resolveDefault()`` when the manager is created.
    public var provider: (any LocationProvider)?
    /// The authorization the manager reports and obeys; ``LocationAuthorization/shared`` by default.
    public var authorization: LocationAuthorization
    /// A serial queue for delegate callbacks instead of the creating thread's run loop; `nil` (the default)
    /// follows Apple's rule.
    ///
    /// With a queue, call the manager's methods on that queue too: "no callback after
    /// stop" holds for stops made there. A concurrent queue still gets every callback once, but not in order.
    public var callbackQueue: DispatchQueue?
    /// Whether managers made with this configuration have no provider at all, as when none is configured or
    /// found; lets tests see that case whatever this machine's probe finds.
    var withoutProvider = false

    /// The provider managers made with this configuration use: ``provider``, else the process default.
    func resolvedProvider() -> (any LocationProvider)? {
        withoutProvider ? nil : provider ?? LocationProviders.resolveDefault()
    }

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - provider: The provider, or `nil` for the process default.
    ///   - authorization: The authorization to use.
    ///   - callbackQueue: A serial queue for callbacks, or `nil` for the creating thread's run loop.
    public init(
        provider: (any LocationProvider)? = nil, authorization: LocationAuthorization = .shared,
        callbackQueue: DispatchQueue? = nil
    ) {
        self.provider = provider
        self.authorization = authorization
        self.callbackQueue = callbackQueue
    }
}
