import LinuxCoreLocation

/// Receives one fix, or one error with a `nil` location, from ``CLLocationManager/startUpdatingLocation(updateBlock:)``.
///
/// Parameters: the manager; the fix (one per call, already through the update filters) or `nil`; the error
/// (a ``CLError``) or `nil`; a flag to set to `true` to stop location updates at once. Runs on the manager's
/// callback thread.
public typealias CLLocationUpdateBlock = (
    _ manager: CLLocationManager, _ location: CLLocation?, _ error: (any Error)?, _ stop: inout Bool
) -> Void

/// Receives one heading, or one error with a `nil` heading, from ``CLLocationManager/startUpdatingHeading(updateBlock:)``.
///
/// Parameters as for ``CLLocationUpdateBlock``; setting the flag stops heading updates only.
public typealias CLHeadingUpdateBlock = (
    _ manager: CLLocationManager, _ heading: CLHeading?, _ error: (any Error)?, _ stop: inout Bool
) -> Void

extension CLLocationManager {
    // MARK: Factories

    /// Creates a manager for block-based updates with both filters off and no authorization description.
    ///
    /// - Parameter configuration: Provider, authorization and callback queue (**Linux only**); by default the
    ///   process's, delivering on the creating thread's run loop as Apple's managers do.
    /// - Returns: A new manager; nothing is started.
    public static func updateManager(
        configuration: LocationManagerConfiguration = LocationManagerConfiguration()
    ) -> CLLocationManager {
        updateManager(
            withAccuracy: kCLUpdateAccuracyFilterNone, locationAge: kCLLocationAgeFilterNone,
            authorizationDescription: nil, configuration: configuration)
    }

    /// Creates a manager for block-based updates with the given filters.
    ///
    /// - Parameters:
    ///   - accuracy: ``updateAccuracyFilter``, metres (``kCLUpdateAccuracyFilterNone`` for none).
    ///   - locationAge: ``updateLocationAgeFilter``, seconds (``kCLLocationAgeFilterNone`` for none).
    ///   - authorizationDescription: What a block-based start asks for while the status is not determined;
    ///     `nil` asks for nothing.
    ///   - configuration: Provider, authorization and callback queue (**Linux only**).
    /// - Returns: A new manager with the filters set; nothing is started.
    public static func updateManager(
        withAccuracy accuracy: CLLocationAccuracy, locationAge: TimeInterval,
        authorizationDescription: CLLocationUpdateAuthorizationDescription? = nil,
        configuration: LocationManagerConfiguration = LocationManagerConfiguration()
    ) -> CLLocationManager {
        let manager = CLLocationManager(configuration: configuration)
        manager.updateAccuracyFilter = accuracy
        manager.updateLocationAgeFilter = locationAge
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
    public var updateAccuracyFilter: CLLocationAccuracy {
        get {
            LocationBlockStorage.existing(on: self)?.values.withLock { $0.filter.accuracy }
                ?? kCLUpdateAccuracyFilterNone
        }
        set { LocationBlockStorage.installed(on: self).values.withLock { $0.filter.accuracy = newValue } }
    }

    /// The age limit, in seconds, of a fix passed to the update block and the ``didUpdateLocationsBlock``;
    /// ``kCLLocationAgeFilterNone`` (0, the default) passes fixes of any age.
    ///
    /// A fix passes when the magnitude of its age — its timestamp against ``CLLocationManager/clock``'s `now`
    /// when it is delivered — is strictly below the filter, compared as floating point: a fix exactly at the
    /// limit is dropped, and so is one stamped that far in the future (a receiver with a wrong clock). Negative
    /// values and NaN count as off.
    public var updateLocationAgeFilter: TimeInterval {
        get { LocationBlockStorage.existing(on: self)?.values.withLock { $0.filter.age } ?? kCLLocationAgeFilterNone }
        set { LocationBlockStorage.installed(on: self).values.withLock { $0.filter.age = newValue } }
    }

    /// The authorization a block-based start asks for while the status is not determined; `nil` (the default)
    /// asks for none.
    public var updateAuthorizationDescription: CLLocationUpdateAuthorizationDescription? {
        get { LocationBlockStorage.existing(on: self)?.values.withLock { $0.authorizationDescription } }
        set { LocationBlockStorage.installed(on: self).values.withLock { $0.authorizationDescription = newValue } }
    }

    // MARK: Block-based updates

    /// Starts location updates and calls `updateBlock` once per fix that passes the update filters (a batch is
    /// split into single calls, oldest first), and once per error with a `nil` location.
    ///
    /// No need to call `startUpdatingLocation()`. If ``updateAuthorizationDescription`` is set and the status
    /// is not determined, that authorization is requested; updates flow once it is granted.
    ///
    /// Setting the block's flag stops location updates at once: no later fix — not even the rest of the same batch — reaches any block, and the block
    /// is released. Heading failures go to the heading block instead; `CLError(.denied)` goes to both. A
    /// later call replaces the block. Errors come from `didFailWithError`, so they include those of other
    /// services of this manager. Call on the manager's callback thread. The block receives the manager: do not
    /// capture it strongly, or the manager and the block keep each other alive until the flag is set.
    public func startUpdatingLocation(updateBlock: @escaping CLLocationUpdateBlock) {
        let storage = LocationBlockStorage.installed(on: self)
        storage.values.withLock { $0.locationUpdate = updateBlock }
        startUpdatingLocation()
        storage.requestAuthorizationIfNeeded(self)
    }

    /// Starts heading updates and calls `updateBlock` once per heading, and once per heading error
    /// (`CLError(.headingFailure)`, `CLError(.denied)`) with a `nil` heading.
    ///
    /// Works like ``startUpdatingLocation(updateBlock:)``, with its own flag, which stops heading updates only.
    public func startUpdatingHeading(updateBlock: @escaping CLHeadingUpdateBlock) {
        let storage = LocationBlockStorage.installed(on: self)
        storage.values.withLock { $0.headingUpdate = updateBlock }
        startUpdatingHeading()
        storage.requestAuthorizationIfNeeded(self)
    }

    // MARK: Availability

    /// Whether location updates can be had for the process.
    ///
    /// `true` when location services are enabled (a provider is configured or found, and available) and the
    /// process's status is authorized (always or when in use) or not yet determined (a request may still grant
    /// it); `false` when denied, restricted or without a provider. Reads ``LocationAuthorization/shared`` and the default provider; a manager with its own configuration
    /// answers through the instance property. Source: CLLocationManager-blocks' `isLocationUpdatesAvailable`.
    public static var isLocationUpdatesAvailable: Bool {
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
