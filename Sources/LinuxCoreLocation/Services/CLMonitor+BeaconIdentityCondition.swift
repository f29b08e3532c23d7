extension CLMonitor {
    /// Beacons with a UUID and, optionally, a major and a minor value: satisfied while such a beacon is near.
    ///
    /// Linux has no beacon service, so a beacon is never observed: a monitor keeps the condition's record at
    /// the state it was added with (`.unknown` by default) and produces no event for it. The type exists so
    /// that iOS code compiles and runs. Source: Apple's CoreLocation documentation
    /// (`CLMonitor.BeaconIdentityCondition`, iOS 17).
    public struct BeaconIdentityCondition: CLCondition {
        /// The UUID the beacons have.
        public let uuid: UUID
        /// The major value the beacons have, or `nil` for any.
        public let major: UInt16?
        /// The minor value the beacons have, or `nil` for any.
        public let minor: UInt16?

        /// Beacons with this UUID, any major and minor value.
        ///
        /// - Parameter uuid: The UUID.
        public init(uuid: UUID) {
            self.init(uuid: uuid, majorValue: nil, minorValue: nil)
        }

        /// Beacons with this UUID and major value, any minor value.
        ///
        /// - Parameters:
        ///   - uuid: The UUID.
        ///   - major: The major value.
        public init(uuid: UUID, major: UInt16) {
            self.init(uuid: uuid, majorValue: major, minorValue: nil)
        }

        /// Beacons with this UUID, major and minor value.
        ///
        /// - Parameters:
        ///   - uuid: The UUID.
        ///   - major: The major value.
        ///   - minor: The minor value.
        public init(uuid: UUID, major: UInt16, minor: UInt16) {
            self.init(uuid: uuid, majorValue: major, minorValue: minor)
        }

        private init(uuid: UUID, majorValue: UInt16?, minorValue: UInt16?) {
            self.uuid = uuid
            major = majorValue
            minor = minorValue
        }
    }
}
