import LinuxCoreLocation

// Settings of the managers a ``LocationStreams`` or ``LocationRequestCenter`` confines to its queue, forwarded
// through key paths: an owner's public setting is one `read` and one `write`, whatever the property.
extension CallbackQueue {
    /// Reads a setting of `manager`, from any thread.
    ///
    /// The mirror lets settings that only hold a value be read and set from any thread, so this never waits for
    /// the queue (a wait that would deadlock when the queue's thread waits for the caller).
    ///
    /// - Parameters:
    ///   - setting: A `CLLocationManager` property that only holds a value, such as `\.distanceFilter`.
    ///   - manager: A manager confined to this queue.
    /// - Returns: The value the manager holds now.
    func read<Value: Sendable>(_ setting: KeyPath<CLLocationManager, Value>, of manager: CLLocationManager) -> Value {
        manager[keyPath: setting]
    }

    /// Writes `value` to a setting of every manager in `managers`, from any thread; done when this returns.
    ///
    /// Nothing is checked beyond what the managers' own properties check.
    ///
    /// - Parameters:
    ///   - setting: A writable `CLLocationManager` property that only holds a value, such as `\.activityType`.
    ///   - value: The new value.
    ///   - managers: Managers confined to this queue.
    func write<Value: Sendable>(
        _ setting: ReferenceWritableKeyPath<CLLocationManager, Value>, _ value: Value, to managers: [CLLocationManager]
    ) {
        for manager in managers { manager[keyPath: setting] = value }
    }
}
