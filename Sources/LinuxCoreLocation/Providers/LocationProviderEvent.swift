/// What a ``LocationProvider`` reports to the hub.
///
/// **Linux only.**
public enum LocationProviderEvent: Sendable {
    /// New fixes, oldest first.
    case locations([CLLocation])
    /// A measured heading.
    case heading(CLHeading)
    /// The fix was lost for now (no satellites, a device unplugged); updates continue when it returns.
    /// Managers report `CLError(.locationUnknown)`.
    case fixLost
    /// The provider failed and cannot go on by itself (a file that cannot be read, a daemon that refused us);
    /// managers report the error, which is `CLError(.network)` unless the provider says otherwise, through
    /// `locationManager(_:didFailWithError:)`: every manager using the provider, for location updates, a request,
    /// headings, significant changes, visits or regions.
    case failed(CLError)
    /// The provider has no more fixes: the end of a replay.
    case finished
}
