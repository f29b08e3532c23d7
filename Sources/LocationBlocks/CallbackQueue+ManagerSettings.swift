import LinuxCoreLocation

// Settings of the managers a ``LocationStreams`` or ``LocationRequestCenter`` confines to its queue, forwarded
// through key paths: an owner's public setting is one `read` and one `write`, whatever the property.
extension CallbackQueue {
    /// Reads a setting of `manager` on the queue (at once when already there).
    ///
    /// - Parameters:
    ///   - setting: A `CLLocationManager` property, such as `\.distanceFilter`.
    ///   - manager: A manager confined to this queue.
    /// - Returns: The value the manager holds now.
    func read<Value: Sendable>(_ setting: KeyPath<CLLocationManager, Value>, of manager: CLLocationManager) -> Value {
        sync { manager[keyPath: setting] }
    }

    /// Writes `value` to a setting of every manager in `managers`, on the queue.
    ///
    /// The write happens between two callbacks, never during one, and is done when this returns. Nothing is
    /// checked beyond what the managers' own properties check.
    ///
    /// - Parameters:
    ///   - setting: A writable `CLLocationManager` property, such as `\.activityType`.
    ///   - value: The new value.
    ///   - managers: Managers confined to this queue.
    func write<Value: Sendable>(
        _ setting: ReferenceWritableKeyPath<CLLocationManager, Value>, _ value: Value, to managers: [CLLocationManager]
    ) {
        sync {
            for manager in managers { manager[keyPath: setting] = value }
        }
    }
}
