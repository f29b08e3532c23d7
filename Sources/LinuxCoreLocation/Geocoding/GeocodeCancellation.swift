import Synchronization

/// Whether a geocoding request's answer is still wanted: set when it is cancelled (``CLGeocoder/cancelGeocode()``,
/// a newer request of the same geocoder, the cancellation of an `async` caller's task).
///
/// The service's work, on a global queue, looks at it while it waits, so that a cancelled Nominatim request ends its
/// `curl` within a tenth of a second instead of letting it run on to its answer or its deadline. Any thread.
final class GeocodeCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Marks the request as cancelled; once set, it stays set.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}
