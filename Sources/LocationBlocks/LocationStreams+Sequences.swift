import LinuxCoreLocation

extension LocationStreams {
    /// Fixes from standard location updates that pass the filters, one element per fix, oldest first:
    /// MMPReactiveCoreLocation's `locations` signal.
    ///
    /// An iteration that starts while authorization is not determined asks for "when in use", as MMP does.
    /// ``distanceFilter`` and ``pausesLocationUpdatesAutomatically`` apply before the filters.
    ///
    /// - Parameters:
    ///   - accuracyFilter: Metres, with the rules of ``LinuxCoreLocation/CLLocationManager/updateAccuracyFilter``
    ///     (inclusive; invalid accuracy dropped while on; negative sentinels mean 10 m);
    ///     ``kCLUpdateAccuracyFilterNone`` by default.
    ///   - ageFilter: Seconds, with the rules of ``LinuxCoreLocation/CLLocationManager/updateLocationAgeFilter``
    ///     (magnitude of the age strictly below); ``kCLLocationAgeFilterNone`` by default, where MMP's
    ///     `locationAgeLimit` drops fixes older than 5 s (pass 5 for its default).
    /// - Returns: A sequence of `CLLocation`s.
    public func locations(
        accuracyFilter: CLLocationAccuracy = kCLUpdateAccuracyFilterNone,
        ageFilter: TimeInterval = kCLLocationAgeFilterNone
    ) -> LocationEventSequence<CLLocation> {
        let filter = LocationUpdateFilter(accuracy: accuracyFilter, age: ageFilter)
        return LocationEventSequence(streams: self, service: .locations(filter)) { event, now in
            guard case .locations(let fixes, significantChanges: false) = event else { return [] }
            return filter.filter(fixes, now: now)
        }
    }

    /// Headings, from a provider that measures them, thinned by ``headingFilter`` (1° by default):
    /// MMPReactiveCoreLocation's `headingUpdates` signal.
    ///
    /// An iteration that starts while authorization is not determined asks for "when in use", MMP's default.
    public func headings() -> LocationEventSequence<CLHeading> {
        LocationEventSequence(streams: self, service: .headings) { event, _ in
            guard case .heading(let heading) = event else { return [] }
            return [heading]
        }
    }

    /// Fixes from significant-change monitoring, one element per fix: MMPReactiveCoreLocation's
    /// `significantLocationChanges` signal.
    ///
    /// An iteration that starts while authorization is not determined asks for "always", as MMP does.
    public func significantLocationChanges() -> LocationEventSequence<CLLocation> {
        LocationEventSequence(streams: self, service: .significantChanges) { event, _ in
            guard case .locations(let fixes, significantChanges: true) = event else { return [] }
            return fixes
        }
    }

    /// Monitors `regions` while iterating and delivers their events: MMPReactiveCoreLocation's `region:` (once per
    /// region) and `regionEvents`.
    ///
    /// Events are matched by identifier; failures without a region go to every region iteration. Regions stay monitored
    /// while any iteration wants them. An iteration that starts while authorization is not determined asks for
    /// "always", as MMP does.
    public func regionEvents(for regions: [CLRegion]) -> LocationEventSequence<RegionEvent> {
        let identifiers = Set(regions.map(\.identifier))
        return LocationEventSequence(streams: self, service: .regions(regions)) { event, _ in
            guard case .region(let regionEvent) = event else { return [] }
            guard let region = regionEvent.region else { return [regionEvent] }
            return identifiers.contains(region.identifier) ? [regionEvent] : []
        }
    }

    /// Visits, while iterating: MMPReactiveCoreLocation's `visits` signal.
    ///
    /// An iteration that starts while authorization is not determined asks for "always", which visit monitoring
    /// needs on iOS (MMP asks for its manager's authorization type, "when in use" unless `authorizeAlways`).
    public func visits() -> LocationEventSequence<CLVisit> {
        LocationEventSequence(streams: self, service: .visits) { event, _ in
            guard case .visit(let visit) = event else { return [] }
            return [visit]
        }
    }

    /// The authorization status: the current one first, then each change; MMPReactiveCoreLocation's
    /// `authorizationStatus` signal.
    ///
    /// Starts no service and asks for nothing.
    public func authorizationChanges() -> LocationEventSequence<CLAuthorizationStatus> {
        authorizationStatuses(requesting: nil)
    }

    /// Asks for authorization when an iteration starts, and delivers the status: the current one first, then each
    /// change, as ``authorizationChanges()``; MMPReactiveCoreLocation's `requestAuthorization`, after its
    /// `authorizeAlways` or `authorizeWhenInUse`.
    ///
    /// Each iteration asks once, whatever the status; the answer can change it only from not determined, or from
    /// ``/LinuxCoreLocation/CLAuthorizationStatus/authorizedWhenInUse`` to
    /// ``/LinuxCoreLocation/CLAuthorizationStatus/authorizedAlways`` when asking for
    /// ``CLLocationUpdateAuthorizationDescription/always`` (on Linux the configuration's
    /// ``/LinuxCoreLocation/LocationAuthorization/policy`` answers). Like MMP's signal, the sequence does not end with
    /// the answer: leave the loop when you have the status you need. Calling this method asks nothing; iterating does,
    /// from any task. Starts no service.
    ///
    /// - Parameter authorization: What to ask for; ``CLLocationUpdateAuthorizationDescription/whenInUse``,
    ///   MMP's default, unless given.
    /// - Returns: A sequence of `CLAuthorizationStatus`es.
    public func requestAuthorization(
        _ authorization: CLLocationUpdateAuthorizationDescription = .whenInUse
    ) -> LocationEventSequence<CLAuthorizationStatus> {
        authorizationStatuses(requesting: authorization)
    }

    private func authorizationStatuses(
        requesting authorization: CLLocationUpdateAuthorizationDescription?
    ) -> LocationEventSequence<CLAuthorizationStatus> {
        LocationEventSequence(streams: self, service: .authorization(requesting: authorization)) { event, _ in
            guard case .authorization(let status) = event else { return [] }
            return [status]
        }
    }

    /// Pauses and resumptions of standard location updates, from the time the iteration starts:
    /// MMPReactiveCoreLocation's `locationEvents` signal.
    ///
    /// Starts no service and asks for nothing: updates pause (with ``pausesLocationUpdatesAutomatically``) only
    /// while an iteration of ``locations(accuracyFilter:ageFilter:)`` or ``location(accuracyFilter:ageFilter:)``
    /// runs them, as MMP's events come only while its `locations` signal runs. Significant changes never pause.
    ///
    /// - Returns: A sequence of ``LocationUpdatesEvent``s.
    public func locationEvents() -> LocationEventSequence<LocationUpdatesEvent> {
        LocationEventSequence(streams: self, service: .locationEvents) { event, _ in
            guard case .updates(let change) = event else { return [] }
            return [change]
        }
    }

    /// The errors of every service of these streams, from the time the iteration starts: MMPReactiveCoreLocation's
    /// `errors` signal.
    ///
    /// Includes the transient `locationUnknown`; never ends by itself, whatever the error. Starts no service.
    public func errors() -> LocationEventSequence<CLError> {
        LocationEventSequence(streams: self, service: .errors) { event, _ in
            guard case .error(let error) = event else { return [] }
            return [error]
        }
    }
}
