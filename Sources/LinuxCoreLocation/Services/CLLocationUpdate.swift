/// One element of ``liveUpdates(_:)``: a fix, whether the device is standing still, and — as in iOS 18 — why
/// no fix came when none did.
///
/// An update with a ``location`` has every flag `false` (except ``accuracyLimited`` when the app has reduced
/// accuracy). An update without one says why: authorization (``authorizationDenied``,
/// ``authorizationDeniedGlobally``, ``authorizationRestricted``, ``authorizationRequestInProgress``), or the
/// provider (``locationUnavailable``: its fix was lost or it failed). Source: Apple's CoreLocation documentation
/// (`CLLocationUpdate`, iOS 17 and 18).
public struct CLLocationUpdate: Sendable {
    /// The fix; `nil` in an update that reports why no fix came, and in a stationary update sent before any
    /// fix was delivered.
    public let location: CLLocation?
    /// Whether the device is standing still: `true` in the update sent when updates pause (see the
    /// "Automatic pauses" article), after which no update comes until the device moves again.
    public let isStationary: Bool
    /// The app's authorization is denied (Location Services being on).
    public let authorizationDenied: Bool
    /// Location Services are off: the authorization's ``LocationAuthorization/locationServicesEnabled`` is
    /// `false`, or no provider is configured or found.
    public let authorizationDeniedGlobally: Bool
    /// The app's authorization is restricted.
    public let authorizationRestricted: Bool
    /// An authorization request is waiting for the policy's answer (``liveUpdates(_:)`` asks for when-in-use
    /// authorization when it is not determined, as iOS 18's implicit service session does).
    public let authorizationRequestInProgress: Bool
    /// The app is not in use enough for its authorization; always `false` on Linux, which has no background.
    public let insufficientlyInUse: Bool
    /// The provider has no fix: it lost it (no satellites, a receiver unplugged) or failed; the next fix
    /// clears it.
    public let locationUnavailable: Bool
    /// The app needs a service session it lacks; always `false` on Linux.
    public let serviceSessionRequired: Bool
    /// The app has reduced accuracy only.
    public let accuracyLimited: Bool

    /// Whether the device is standing still: the iOS 18 name of ``isStationary``.
    public var stationary: Bool { isStationary }

    init(
        location: CLLocation?, isStationary: Bool = false, facts: AuthorizationFacts,
        locationUnavailable: Bool = false
    ) {
        self.location = location
        self.isStationary = isStationary
        authorizationDenied = facts.denied
        authorizationDeniedGlobally = facts.deniedGlobally
        authorizationRestricted = facts.restricted
        authorizationRequestInProgress = facts.requestInProgress
        insufficientlyInUse = false
        self.locationUnavailable = locationUnavailable
        serviceSessionRequired = false
        accuracyLimited = facts.accuracyLimited
    }

    /// The kind of activity live updates are for, which decides how long the device must stand still before
    /// a stationary update.
    ///
    /// Source: Apple's CoreLocation documentation (`CLLocationUpdate.LiveConfiguration`).
    public enum LiveConfiguration: Sendable {
        /// No particular activity: pauses like ``CLActivityType/other``.
        case `default`
        /// Driving: pauses like ``CLActivityType/automotiveNavigation``.
        case automotiveNavigation
        /// Boats, trains and other vehicles: pauses like ``CLActivityType/otherNavigation``.
        case otherNavigation
        /// Walking, running, cycling: pauses like ``CLActivityType/fitness``.
        case fitness
        /// Flight: pauses like ``CLActivityType/airborne``.
        case airborne

        var activityType: CLActivityType {
            switch self {
            case .default: return .other
            case .automotiveNavigation: return .automotiveNavigation
            case .otherNavigation: return .otherNavigation
            case .fitness: return .fitness
            case .airborne: return .airborne
            }
        }
    }

    /// The fixes of the process's default provider, as an asynchronous sequence.
    ///
    /// Updates start when iteration begins (when `for await` makes its iterator) and stop when the iteration
    /// ends — the loop breaks, returns or throws, or its task is cancelled; the provider stops when nothing
    /// else needs it. Works from any task: the fixes come through a manager with a private callback queue.
    /// Every fix is delivered (no distance filter). The sequence never throws: as in iOS 18, a lost fix or a
    /// failed provider comes as an update without a location and with ``locationUnavailable`` set, and an
    /// authorization that keeps fixes from flowing as one with the matching flag (``authorizationDenied``…).
    ///
    /// - Parameter configuration: The kind of activity, for stationary detection.
    /// - Returns: The sequence of updates.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
        Updates(live: configuration, manager: LocationManagerConfiguration())
    }

    /// The fixes of a chosen provider and authorization, as ``liveUpdates(_:)`` delivers them.
    ///
    /// **Linux only.**
    ///
    /// - Parameters:
    ///   - configuration: The kind of activity, for stationary detection.
    ///   - managerConfiguration: The provider, authorization and callback queue of the manager behind the
    ///     sequence; a private queue is used when its `callbackQueue` is `nil`.
    /// - Returns: The sequence of updates.
    public static func liveUpdates(
        _ configuration: LiveConfiguration = .default, managerConfiguration: LocationManagerConfiguration
    ) -> Updates {
        Updates(live: configuration, manager: managerConfiguration)
    }
}
