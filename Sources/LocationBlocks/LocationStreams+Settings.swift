import LinuxCoreLocation

// MMPReactiveCoreLocation's chained settings (`[[service distanceFilter:…] desiredAccuracy:…]`), as properties.
// Their defaults are MMP's, which are also Core Location's; each is stored on both managers (MMP sets them on
// its manager for locations and significant changes alike), the heading filter on the one that serves headings, so
// the managers are the only copy.
extension LocationStreams {
    private var managers: [CLLocationManager] { [updates, significant] }

    /// How far in metres the device must move before ``locations(accuracyFilter:ageFilter:)`` delivers another
    /// fix (a more accurate fix passes sooner): MMPReactiveCoreLocation's `distanceFilter:` setting.
    ///
    /// ``/LinuxCoreLocation/kCLDistanceFilterNone`` (−1), MMP's default and Core Location's, delivers every fix; so do
    /// 0, negative values and NaN. The distance is geodesic, from the last fix delivered. Significant changes keep
    /// their own 500 m rule. Applies at once, to iterations already running too. Thread-safe: read and written on
    /// ``callbackQueue`` (`CLLocationManager.distanceFilter` of both managers).
    public var distanceFilter: CLLocationDistance {
        get { confinement.read(\.distanceFilter, of: updates) }
        set { confinement.write(\.distanceFilter, newValue, to: managers) }
    }

    /// The accuracy the app wants, in metres or one of the `kCLLocationAccuracy…` constants:
    /// MMPReactiveCoreLocation's `desiredAccuracy:` setting; ``/LinuxCoreLocation/kCLLocationAccuracyBest``, MMP's
    /// default and Core Location's.
    ///
    /// Stored on both managers as MMP stores it on its manager, where Apple's system uses it to choose its
    /// sources. On Linux it changes no fix of these streams: providers take no accuracy hint, and the mirror
    /// reads it only in `requestLocation()`, which the streams never call. To drop inaccurate fixes, pass
    /// `accuracyFilter` to ``locations(accuracyFilter:ageFilter:)`` or ``location(accuracyFilter:ageFilter:)``.
    /// Any value is accepted, as by `CLLocationManager`. Thread-safe: read and written on ``callbackQueue``.
    public var desiredAccuracy: CLLocationAccuracy {
        get { confinement.read(\.desiredAccuracy, of: updates) }
        set { confinement.write(\.desiredAccuracy, newValue, to: managers) }
    }

    /// The kind of activity tracked, which sets how long the device must stand still before location updates
    /// pause (5 minutes for ``/LinuxCoreLocation/CLActivityType/other``, 10 for
    /// ``/LinuxCoreLocation/CLActivityType/fitness``, up to 15): MMPReactiveCoreLocation's `activityType:` setting;
    /// ``/LinuxCoreLocation/CLActivityType/other``, MMP's default and Core Location's.
    ///
    /// Matters only while ``pausesLocationUpdatesAutomatically`` is `true`. Thread-safe: read and written on
    /// ``callbackQueue``.
    public var activityType: CLActivityType {
        get { confinement.read(\.activityType, of: updates) }
        set { confinement.write(\.activityType, newValue, to: managers) }
    }

    /// Whether location updates pause while the device stands still: MMPReactiveCoreLocation's
    /// `pauseLocationUpdatesAutomatically` (`true`, MMP's default and Core Location's) and
    /// `pauseLocationUpdatesManually` (`false`) settings.
    ///
    /// While paused, ``locations(accuracyFilter:ageFilter:)`` and ``location(accuracyFilter:ageFilter:)`` receive
    /// nothing; unlike iOS, updates resume by themselves when the device moves again (see the mirror's "Automatic
    /// pauses" article). Significant changes never pause. Thread-safe: read and written on ``callbackQueue``.
    public var pausesLocationUpdatesAutomatically: Bool {
        get { confinement.read(\.pausesLocationUpdatesAutomatically, of: updates) }
        set { confinement.write(\.pausesLocationUpdatesAutomatically, newValue, to: managers) }
    }

    /// The change in degrees a heading must make before ``headings()`` delivers another: MMPReactiveCoreLocation's
    /// `headingFilter:` setting; 1, MMP's default and Core Location's.
    ///
    /// ``/LinuxCoreLocation/kCLHeadingFilterNone`` (−1), 0, negative values and NaN deliver every heading. The
    /// change is measured from the last heading delivered, on the true heading (the magnetic one when the true
    /// heading is invalid); see the mirror's "Headings" article. Applies at once, to iterations already running too.
    /// Thread-safe: read and written on ``callbackQueue`` (`CLLocationManager.headingFilter` of the manager that
    /// serves headings).
    public var headingFilter: CLLocationDegrees {
        get { confinement.read(\.headingFilter, of: updates) }
        set { confinement.write(\.headingFilter, newValue, to: [updates]) }
    }
}
