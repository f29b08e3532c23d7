import LinuxCoreLocation

extension CLLocationManager {
    // MARK: Factories
    //
    // The pod's three signatures, exactly as Swift imports them, so that unapplied references such as
    // `CLLocationManager.update(withAccuracy:locationAge:)` type-check as on iOS; each forwards to its Linux-only
    // overload with a `configuration:`, where the one body is.

    /// Creates a manager for block-based updates with both filters off, using the process's provider and
    /// authorization and delivering on the creating thread's run loop, as Apple's managers do.
    ///
    /// Requests nothing: ``startUpdatingLocation(update:)-(LocationManagerUpdateBlock?)`` asks for Always authorization
    /// (the pod's default). The result is implicitly unwrapped, as Swift imports the pod's `+updateManager`
    /// (`instancetype` without nullability annotations); it is never `nil`. Source: CLLocationManager-blocks'
    /// `+updateManager`.
    ///
    /// - Returns: A new manager; nothing is started.
    public static func update() -> CLLocationManager! {
        update(configuration: LocationManagerConfiguration())
    }

    /// Creates a manager for block-based updates with both filters off and the given configuration.
    ///
    /// **Linux only**: ``update()`` with a configuration. Requests nothing.
    ///
    /// - Parameter configuration: Provider, authorization and callback queue.
    /// - Returns: A new manager, never `nil`; nothing is started.
    public static func update(configuration: LocationManagerConfiguration) -> CLLocationManager! {
        update(
            withAccuracy: kCLUpdateAccuracyFilterNone, locationAge: kCLLocationAgeFilterNone,
            authorizationDesciption: .always, configuration: configuration)
    }

    /// Creates a manager for block-based updates with the given filters, using the process's provider and
    /// authorization.
    ///
    /// Requests nothing: ``startUpdatingLocation(update:)-(LocationManagerUpdateBlock?)`` asks for Always authorization
    /// (the pod's default). Source: CLLocationManager-blocks' `+updateManagerWithAccuracy:locationAge:`.
    ///
    /// - Parameters:
    ///   - updateAccuracyFilter: ``updateAccuracyFilter``, metres (``kCLUpdateAccuracyFilterNone`` for none).
    ///   - updateLocationAgeFilter: ``updateLocationAgeFilter``, seconds (``kCLLocationAgeFilterNone`` for none).
    /// - Returns: A new manager with the filters set, never `nil`; nothing is started.
    public static func update(
        withAccuracy updateAccuracyFilter: CLUpdateAccuracyFilter,
        locationAge updateLocationAgeFilter: CLLocationAgeFilter
    ) -> CLLocationManager! {
        update(
            withAccuracy: updateAccuracyFilter, locationAge: updateLocationAgeFilter,
            configuration: LocationManagerConfiguration())
    }

    /// Creates a manager for block-based updates with the given filters and configuration.
    ///
    /// **Linux only**: ``update(withAccuracy:locationAge:)`` with a configuration. Requests nothing.
    ///
    /// - Parameters:
    ///   - updateAccuracyFilter: ``updateAccuracyFilter``, metres (``kCLUpdateAccuracyFilterNone`` for none).
    ///   - updateLocationAgeFilter: ``updateLocationAgeFilter``, seconds (``kCLLocationAgeFilterNone`` for none).
    ///   - configuration: Provider, authorization and callback queue.
    /// - Returns: A new manager with the filters set, never `nil`; nothing is started.
    public static func update(
        withAccuracy updateAccuracyFilter: CLUpdateAccuracyFilter,
        locationAge updateLocationAgeFilter: CLLocationAgeFilter,
        configuration: LocationManagerConfiguration
    ) -> CLLocationManager! {
        update(
            withAccuracy: updateAccuracyFilter, locationAge: updateLocationAgeFilter, authorizationDesciption: .always,
            configuration: configuration)
    }

    /// Creates a manager for block-based updates with the given filters and the authorization its block-based
    /// starts ask for, using the process's provider and authorization.
    ///
    /// Requests nothing itself. `authorizationDesciption` is the pod's spelling (sic). Source:
    /// CLLocationManager-blocks' `+updateManagerWithAccuracy:locationAge:authorizationDesciption:`.
    ///
    /// - Parameters:
    ///   - updateAccuracyFilter: ``updateAccuracyFilter``, metres (``kCLUpdateAccuracyFilterNone`` for none).
    ///   - updateLocationAgeFilter: ``updateLocationAgeFilter``, seconds (``kCLLocationAgeFilterNone`` for none).
    ///   - authorizationDescription: What ``startUpdatingLocation(update:)-(LocationManagerUpdateBlock?)`` and
    ///     ``startUpdatingHeading(update:)-(HeadingUpdateBlock?)`` request: Always or When In Use.
    /// - Returns: A new manager with the filters set, never `nil`; nothing is started.
    public static func update(
        withAccuracy updateAccuracyFilter: CLUpdateAccuracyFilter,
        locationAge updateLocationAgeFilter: CLLocationAgeFilter,
        authorizationDesciption authorizationDescription: CLLocationUpdateAuthorizationDescription
    ) -> CLLocationManager! {
        update(
            withAccuracy: updateAccuracyFilter, locationAge: updateLocationAgeFilter,
            authorizationDesciption: authorizationDescription, configuration: LocationManagerConfiguration())
    }

    /// Creates a manager for block-based updates with the given filters, authorization and configuration.
    ///
    /// **Linux only**: ``update(withAccuracy:locationAge:authorizationDesciption:)`` with a configuration. Requests
    /// nothing itself.
    ///
    /// - Parameters:
    ///   - updateAccuracyFilter: ``updateAccuracyFilter``, metres (``kCLUpdateAccuracyFilterNone`` for none).
    ///   - updateLocationAgeFilter: ``updateLocationAgeFilter``, seconds (``kCLLocationAgeFilterNone`` for none).
    ///   - authorizationDescription: What the block-based starts request: Always or When In Use.
    ///   - configuration: Provider, authorization and callback queue.
    /// - Returns: A new manager with the filters set, never `nil`; nothing is started.
    public static func update(
        withAccuracy updateAccuracyFilter: CLUpdateAccuracyFilter,
        locationAge updateLocationAgeFilter: CLLocationAgeFilter,
        authorizationDesciption authorizationDescription: CLLocationUpdateAuthorizationDescription,
        configuration: LocationManagerConfiguration
    ) -> CLLocationManager! {
        let manager = CLLocationManager(configuration: configuration)
        manager.updateAccuracyFilter = updateAccuracyFilter
        manager.updateLocationAgeFilter = updateLocationAgeFilter
        manager.updateAuthorizationDescription = authorizationDescription
        return manager
    }

    // MARK: Filters and settings

    /// The largest horizontal accuracy, in metres, of a fix passed to the update block and the
    /// ``didUpdateLocationsBlock``; ``kCLUpdateAccuracyFilterNone`` (0, the default) passes every fix.
    ///
    /// While the filter is on, fixes with an invalid (negative) accuracy are dropped, and the threshold is
    /// inclusive (a fix of exactly the filter's accuracy passes). A negative value is one of Apple's sentinels
    /// (`kCLLocationAccuracyBest`, `kCLLocationAccuracyBestForNavigation`), not a distance: it means 10 m, the
    /// threshold the mirror uses for `requestLocation()` with the same sentinels, so it never drops every fix
    /// as the Objective-C original did. NaN counts as off. Independent of `desiredAccuracy`, which only asks
    /// the provider; source: CLLocationManager-blocks' `updateAccuracyFilter`.
    public var updateAccuracyFilter: CLUpdateAccuracyFilter {
        get {
            CLLocationManagerBlocks.existing(on: self)?.values.withLock { $0.filter.accuracy }
                ?? kCLUpdateAccuracyFilterNone
        }
        set { CLLocationManagerBlocks.installed(on: self).values.withLock { $0.filter.accuracy = newValue } }
    }

    /// The age limit, in seconds, of a fix passed to the update block and the ``didUpdateLocationsBlock``;
    /// ``kCLLocationAgeFilterNone`` (0, the default) passes fixes of any age.
    ///
    /// A fix passes when the magnitude of its age — its timestamp against
    /// ``/LinuxCoreLocation/CLLocationManager/eventTime``, the time on the manager's clock when the provider delivered
    /// it — is strictly below the filter, compared as floating point: a fix exactly at the limit is dropped, and so is
    /// one stamped that far in the future (a receiver with a wrong clock). Negative values and NaN count as off. On a
    /// replay the clock is the replay's, so the same replay passes the same fixes on every run. Source:
    /// CLLocationManager-blocks' `updateLocationAgeFilter`.
    public var updateLocationAgeFilter: CLLocationAgeFilter {
        get {
            CLLocationManagerBlocks.existing(on: self)?.values.withLock { $0.filter.age } ?? kCLLocationAgeFilterNone
        }
        set { CLLocationManagerBlocks.installed(on: self).values.withLock { $0.filter.age = newValue } }
    }

    /// How many fixes the update filters passed and dropped, and the last dropped fix's accuracy and age.
    ///
    /// **Linux only.** Zero before any block or filter is set. Read on the callback thread for figures that
    /// match what the blocks saw; any thread may read it.
    public var updateFilterStatistics: LocationUpdateFilterStatistics {
        CLLocationManagerBlocks.existing(on: self)?.values.withLock { $0.statistics }
            ?? LocationUpdateFilterStatistics()
    }

    /// The authorization ``startUpdatingLocation(update:)-(LocationManagerUpdateBlock?)`` and
    /// ``startUpdatingHeading(update:)-(HeadingUpdateBlock?)`` request on every call:
    /// ``CLLocationUpdateAuthorizationDescription/always`` (the pod's default) unless set otherwise.
    ///
    /// **Linux only** as a property: the pod sets it through
    /// ``update(withAccuracy:locationAge:authorizationDesciption:)`` only.
    public var updateAuthorizationDescription: CLLocationUpdateAuthorizationDescription {
        get { CLLocationManagerBlocks.existing(on: self)?.values.withLock { $0.authorizationDescription } ?? .always }
        set { CLLocationManagerBlocks.installed(on: self).values.withLock { $0.authorizationDescription = newValue } }
    }

    // MARK: Block-based updates

    /// Requests authorization, starts location updates and calls `updateBlock` once per fix that passes the
    /// update filters (a batch is split into single calls, oldest first), and once per error with a `nil`
    /// location.
    ///
    /// No need to call `startUpdatingLocation()`. Every call first requests ``updateAuthorizationDescription``
    /// (Always unless the manager was made with `.whenInUse`), as the pod does; updates flow once it is
    /// granted. One update block per manager: a later call replaces the block.
    ///
    /// `stopUpdating?.pointee = true` stops location updates before the block returns: no later fix — not even
    /// the rest of the same batch — reaches any block, and the block is released. A block that sets the flag
    /// and starts block-based updates again in the same call keeps the new block running. Errors come from
    /// `didFailWithError` (after the ``didFailWithErrorBlock``), so they include those of the manager's other
    /// services: every error goes to this block, heading failures (`CLError(.headingFailure)`) too, as in the pod,
    /// and setting the flag on one stops location updates. Call on the manager's callback thread. The block
    /// receives the manager: do not capture it strongly, or the manager and the block keep each other alive until
    /// the flag is set. Source: CLLocationManager-blocks' `-startUpdatingLocationWithUpdateBlock:`.
    ///
    /// - Parameter updateBlock: The block; `nil` removes it and still starts updates, as in the pod.
    public func startUpdatingLocation(update updateBlock: LocationManagerUpdateBlock?) {
        let storage = CLLocationManagerBlocks.installed(on: self)
        storage.values.withLock { $0.locationUpdate.set(updateBlock) }
        storage.requestAuthorization(self)
        startUpdatingLocation()
    }

    /// Requests authorization, starts heading updates and calls `updateBlock` once per heading.
    ///
    /// Works like ``startUpdatingLocation(update:)-(LocationManagerUpdateBlock?)``, with its own flag, which stops
    /// heading updates only. The block runs after the ``didUpdateHeadingBlock``, as in the pod. It never receives an
    /// error, as in the pod: a heading failure (`CLError(.headingFailure)` from a provider without a compass) or a
    /// denial goes to the ``didFailWithErrorBlock`` and the location update block. Source: CLLocationManager-blocks'
    /// `-startUpdatingHeadingWithUpdateBlock:`.
    ///
    /// - Parameter updateBlock: The block; `nil` removes it and still starts updates.
    public func startUpdatingHeading(update updateBlock: HeadingUpdateBlock?) {
        let storage = CLLocationManagerBlocks.installed(on: self)
        storage.values.withLock { $0.headingUpdate.set(updateBlock) }
        storage.requestAuthorization(self)
        startUpdatingHeading()
    }

    // MARK: Availability

    /// Whether location updates can be had for the process.
    ///
    /// `true` when the process's status is authorized (always or when in use) or not yet determined (a request
    /// may still grant it), and location services are enabled (a provider is configured or found, and
    /// available); `false` when denied, restricted or without a provider. The pod reads the status only; on iOS
    /// the status reads denied while location services are off, and Linux has no such switch, so a missing
    /// provider counts here instead. Reads ``/LinuxCoreLocation/LocationAuthorization/shared`` and the default
    /// provider; a manager with its own configuration answers through the instance property. Source:
    /// CLLocationManager-blocks' `+isLocationUpdatesAvailable`.
    ///
    /// - Returns: Whether updates can flow now or after a request.
    public static func isLocationUpdatesAvailable() -> Bool {
        isUsable(servicesEnabled: locationServicesEnabled(), status: authorizationStatus())
    }

    /// Whether this manager can get location updates.
    ///
    /// `true` when its provider exists and is available, and its status is authorized or not yet determined.
    /// **Linux only** (Apple's managers all share the system's answer).
    public var isLocationUpdatesAvailable: Bool {
        Self.isUsable(servicesEnabled: provider?.isAvailable ?? false, status: authorizationStatus)
    }

    static func isUsable(servicesEnabled: Bool, status: CLAuthorizationStatus) -> Bool {
        guard servicesEnabled else { return false }
        switch status {
        case .authorizedAlways, .authorizedWhenInUse, .notDetermined: return true
        default: return false
        }
    }
}
