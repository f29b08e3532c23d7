/// Whose rules a ``LocationRequestCenter`` follows where LocationBlocks and INTULocationManager differ.
///
/// Both share the accuracy levels, the statuses, the timeouts, `delayUntilAuthorized`, the automatic
/// authorization request and the services that run only while a request needs them. They differ where
/// INTULocationManager's implementation (4.4) keeps one `CLLocationManager` and one "current location" for
/// everything:
///
/// | | ``locationBlocks`` | ``intuLocationManager`` |
/// |---|---|---|
/// | Managers | one for standard updates and headings, one for significant changes | one for everything: significant-change subscriptions also receive every standard update while one runs |
/// | A delivery of several fixes | each fix counts, oldest first | only the newest counts (`locations.lastObject`) |
/// | The location of a result that is not a success | the most accurate valid fix seen during the request | the most recent location (valid coordinate, not 0°, 0°), whatever its accuracy and age |
/// | An error other than `locationUnknown` | ends the requests and subscriptions of the failing service | completes one-shot requests; subscriptions hear it (with the most recent location) and stay; a one-shot request that times out before the next fix completes with the error |
/// | A new subscription | hears the next fix | hears the most recent location at once, if there is one |
///
/// In both, `CLError(.locationUnknown)` is transient and ignored (the mirror reports it while a provider has no
/// fix yet, which iOS does not do at start), denial or restriction ends every request, and a status is decided
/// with INTULocationManager's precedence: services disabled, not determined, denied, restricted, error, timed
/// out, success. Source: INTULocationManager's `INTULocationManager.m` (4.4) and its tests.
public enum LocationRequestConventions: Sendable, Equatable {
    /// LocationBlocks' rules, the default.
    case locationBlocks
    /// INTULocationManager's rules, which its `INTULocationManager` module follows.
    case intuLocationManager
}
