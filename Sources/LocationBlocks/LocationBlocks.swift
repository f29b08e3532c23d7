import LinuxCoreLocation

/// The LocationBlocks module: closures, one-shot requests and async sequences on top of
/// ``/LinuxCoreLocation/CLLocationManager``, built only on the public API of LinuxCoreLocation.
///
/// Three layers, described in <doc:UsingLocationBlocks>:
/// - blocks on the manager itself, CLLocationManager-blocks under the names Swift imports from the pod
///   (`update(withAccuracy:locationAge:)`, `startUpdatingLocation(update:)`, the update filters, one block per
///   delegate callback), coexisting with the app's delegate;
/// - ``LocationRequestCenter``: one-shot requests with an accuracy level and a timeout, and subscriptions;
/// - ``LocationStreams``: `AsyncSequence`s of locations, headings, regions, visits, authorization and errors,
///   one-fix calls and the manager settings, after MMPReactiveCoreLocation's signals.
public enum LocationBlocks {
    /// The version of the blocks layer: 2 since the pod's own Swift names replaced `updateManager(…)`,
    /// `startUpdatingLocation(updateBlock:)` and the static `isLocationUpdatesAvailable` property.
    public static let version = "2.0.0"
}
