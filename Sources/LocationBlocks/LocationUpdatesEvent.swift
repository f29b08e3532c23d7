/// A change in the delivery of standard location updates, as ``LocationStreams/locationEvents()`` reports it.
///
/// Source: MMPReactiveCoreLocation's `MMPLocationEventType` (`Paused`, `Resumed`), the values of its
/// `locationEvents` signal.
public enum LocationUpdatesEvent: Sendable, Hashable {
    /// Updates paused while the device stood still (`locationManagerDidPauseLocationUpdates(_:)`).
    case paused
    /// Updates resumed (`locationManagerDidResumeLocationUpdates(_:)`): on Linux when the device moves again.
    case resumed
}
