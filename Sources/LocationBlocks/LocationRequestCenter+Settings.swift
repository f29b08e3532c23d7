import LinuxCoreLocation

// The settings of Apple's manager that the requests do not decide, applied to every manager of the center.
extension LocationRequestCenter {
    /// The kind of activity tracked, which decides how long the device must stand still before updates pause.
    ///
    /// `.other` by default. Thread-safe; applies to the center's managers from now on.
    public var activityType: CLActivityType {
        get { setting(\.activityType) }
        set { setSetting(\.activityType, to: newValue) }
    }

    /// Whether updates pause while the device stands still.
    ///
    /// `true` by default, as on Apple's managers.
    public var pausesLocationUpdatesAutomatically: Bool {
        get { setting(\.pausesLocationUpdatesAutomatically) }
        set { setSetting(\.pausesLocationUpdatesAutomatically, to: newValue) }
    }

    /// Whether updates continue in the background.
    ///
    /// `false` by default. Linux suspends no app, so this changes nothing there but the managers' property.
    public var allowsBackgroundLocationUpdates: Bool {
        get { setting(\.allowsBackgroundLocationUpdates) }
        set { setSetting(\.allowsBackgroundLocationUpdates, to: newValue) }
    }

    /// Whether the background location indicator shows.
    ///
    /// `false` by default. Linux has none.
    public var showsBackgroundLocationIndicator: Bool {
        get { setting(\.showsBackgroundLocationIndicator) }
        set { setSetting(\.showsBackgroundLocationIndicator, to: newValue) }
    }

    private func setting<Value: Sendable>(_ keyPath: KeyPath<CLLocationManager, Value>) -> Value {
        confinement.read(keyPath, of: updates)
    }

    private func setSetting<Value: Sendable>(
        _ keyPath: ReferenceWritableKeyPath<CLLocationManager, Value>, to value: Value
    ) {
        // Under INTULocationManager's conventions both are one manager.
        confinement.write(keyPath, value, to: significant === updates ? [updates] : [updates, significant])
    }
}
