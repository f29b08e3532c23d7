import LinuxCoreLocation

// MMPReactiveCoreLocation's one-fix signals, `location` and `significantLocationChange`, as async functions.
extension LocationStreams {
    /// The first fix of standard location updates that passes the filters; the updates stop before it returns
    /// (unless another iteration needs them): MMPReactiveCoreLocation's `location` signal.
    ///
    /// Starts standard updates like ``locations(accuracyFilter:ageFilter:)`` — asking for "when in use" if
    /// authorization is not determined, as MMP does, and applying ``distanceFilter`` and
    /// ``pausesLocationUpdatesAutomatically`` — and waits, with no timeout of its own (as MMP's without its
    /// `timeout:` setting), for the first fix; the transient `locationUnknown` does not end the wait. For a
    /// deadline, cancel the task or use
    /// ``LocationRequestCenter/requestLocation(accuracy:timeout:delayUntilAuthorized:completion:)``. Call from any
    /// task.
    ///
    /// - Parameters:
    ///   - accuracyFilter: Metres, as for ``locations(accuracyFilter:ageFilter:)``; ``kCLUpdateAccuracyFilterNone``
    ///     (every fix, where MMP drops those of invalid accuracy) by default.
    ///   - ageFilter: Seconds, as for ``locations(accuracyFilter:ageFilter:)``; ``kCLLocationAgeFilterNone`` by
    ///     default (MMP's `locationAgeLimit` is 5 s: pass 5 for its default).
    /// - Returns: The fix.
    /// - Throws: `CLError(.denied)` when authorization is or becomes denied or restricted, or no provider is
    ///   configured; `CLError(.locationUnknown)` when the provider finishes (a replay's end) first; the
    ///   service's `CLError` when it fails (`.network` for a provider that cannot go on); `CancellationError`
    ///   when the task is cancelled.
    public func location(
        accuracyFilter: CLLocationAccuracy = kCLUpdateAccuracyFilterNone,
        ageFilter: TimeInterval = kCLLocationAgeFilterNone
    ) async throws -> CLLocation {
        try await locations(accuracyFilter: accuracyFilter, ageFilter: ageFilter).oneFix()
    }

    /// The first fix of significant-change monitoring; the monitoring stops before it returns (unless another
    /// iteration needs it): MMPReactiveCoreLocation's `significantLocationChange` signal.
    ///
    /// Starts monitoring like ``significantLocationChanges()`` — asking for "always" if authorization is not
    /// determined, as MMP does — and waits, with no timeout of its own, for the first fix, which the monitoring
    /// always delivers. Call from any task.
    ///
    /// - Returns: The fix.
    /// - Throws: As ``location(accuracyFilter:ageFilter:)``.
    public func significantLocationChange() async throws -> CLLocation {
        try await significantLocationChanges().oneFix()
    }
}
