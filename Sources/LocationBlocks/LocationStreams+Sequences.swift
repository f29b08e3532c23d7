import LinuxCoreLocation

extension LocationStreams {
    /// Fixes from standard location updates that pass the filters, one element per fix, oldest first.
    ///
    /// - Parameters:
    ///   - accuracyFilter: Metres, with the rules of ``LinuxCoreLocation/CLLocationManager/updateAccuracyFilter``
    ///     (inclusive; invalid accuracy dropped while on; negative sentinels mean 10 m);
    ///     ``kCLUpdateAccuracyFilterNone`` by default.
    ///   - ageFilter: Seconds, with the rules of ``LinuxCoreLocation/CLLocationManager/updateLocationAgeFilter``
    ///     (magnitude of the age strictly below); ``kCLLocationAgeFilterNone`` by default.
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

    /// Headings, from a provider that measures them (the manager's `headingFilter` applies: 1° by default).
    public func headings() -> LocationEventSequence<CLHeading> {
        LocationEventSequence(streams: self, service: .headings) { event, _ in
            guard case .heading(let heading) = event else { return [] }
            return [heading]
        }
    }

    /// Fixes from significant-change monitoring, one element per fix.
    public func significantLocationChanges() -> LocationEventSequence<CLLocation> {
        LocationEventSequence(streams: self, service: .significantChanges) { event, _ in
            guard case .locations(let fixes, significantChanges: true) = event else { return [] }
            return fixes
        }
    }

    /// Monitors `regions` while iterating and delivers their events.
    ///
    /// Events are matched by identifier; failures without a region go to every region iteration. Regions stay monitored
    /// while any iteration wants them.
    public func regionEvents(for regions: [CLRegion]) -> LocationEventSequence<RegionEvent> {
        let identifiers = Set(regions.map(\.identifier))
        return LocationEventSequence(streams: self, service: .regions(regions)) { event, _ in
            guard case .region(let regionEvent) = event else { return [] }
            guard let region = regionEvent.region else { return [regionEvent] }
            return identifiers.contains(region.identifier) ? [regionEvent] : []
        }
    }

    /// Visits, while iterating.
    public func visits() -> LocationEventSequence<CLVisit> {
        LocationEventSequence(streams: self, service: .visits) { event, _ in
            guard case .visit(let visit) = event else { return [] }
            return [visit]
        }
    }

    /// The authorization status: the current one first, then each change.
    ///
    /// Starts no service and asks for nothing.
    public func authorizationChanges() -> LocationEventSequence<CLAuthorizationStatus> {
        LocationEventSequence(streams: self, service: .authorization) { event, _ in
            guard case .authorization(let status) = event else { return [] }
            return [status]
        }
    }

    /// The errors of every service of these streams, from the time the iteration starts.
    ///
    /// Includes the transient `locationUnknown`. Starts no service.
    public func errors() -> LocationEventSequence<CLError> {
        LocationEventSequence(streams: self, service: .errors) { event, _ in
            guard case .error(let error) = event else { return [] }
            return [error]
        }
    }
}
