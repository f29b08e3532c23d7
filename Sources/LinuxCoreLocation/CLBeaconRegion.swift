/// A region defined by nearby Bluetooth beacons with a given identity.
///
/// The type exists so that iOS code compiles on Linux; Linux has no beacon service, so
/// `CLLocationManager.isMonitoringAvailable(for: CLBeaconRegion.self)` is `false` and monitoring one fails
/// with `CLError.regionMonitoringFailure`. Source: Apple's CoreLocation documentation (`CLBeaconRegion`).
open class CLBeaconRegion: CLRegion, @unchecked Sendable {
    private let constraint: CLBeaconIdentityConstraint

    /// Whether entry state is reported when the display turns on.
    ///
    /// Default `false`. Has no effect on Linux.
    open var notifyEntryStateOnDisplay = false

    /// A region with an empty identifier for every beacon with the all-zero UUID.
    ///
    /// Reachable as `NSObject`'s `init()` is for Apple's class, so that test doubles can write
    /// `override init() { super.init() }` and override the properties.
    public override init() {
        constraint = CLBeaconIdentityConstraint(uuid: CLBeaconIdentityConstraint.nullUUID)
        super.init(identifier: "")
    }

    /// A region of every beacon with this UUID (deprecated by Apple in iOS 13 in favour of
    /// ``init(uuid:identifier:)``).
    ///
    /// Every initializer of the class is designated, as Swift imports Apple's header (which marks none), so a
    /// subclass's own initializer can call any of them.
    public init(proximityUUID: UUID, identifier: String) {
        constraint = CLBeaconIdentityConstraint(uuid: proximityUUID)
        super.init(identifier: identifier)
    }

    /// A region of the beacons with this UUID and major value (deprecated by Apple in iOS 13 in favour of
    /// ``init(uuid:major:identifier:)``).
    public init(proximityUUID: UUID, major: CLBeaconMajorValue, identifier: String) {
        constraint = CLBeaconIdentityConstraint(uuid: proximityUUID, major: major)
        super.init(identifier: identifier)
    }

    /// A region of the beacons with this UUID, major and minor value (deprecated by Apple in iOS 13 in favour
    /// of ``init(uuid:major:minor:identifier:)``).
    public init(proximityUUID: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue, identifier: String) {
        constraint = CLBeaconIdentityConstraint(uuid: proximityUUID, major: major, minor: minor)
        super.init(identifier: identifier)
    }

    /// A region of every beacon with this UUID.
    public init(uuid: UUID, identifier: String) {
        constraint = CLBeaconIdentityConstraint(uuid: uuid)
        super.init(identifier: identifier)
    }

    /// A region of the beacons with this UUID and major value.
    public init(uuid: UUID, major: CLBeaconMajorValue, identifier: String) {
        constraint = CLBeaconIdentityConstraint(uuid: uuid, major: major)
        super.init(identifier: identifier)
    }

    /// A region of the beacons with this UUID, major and minor value.
    public init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue, identifier: String) {
        constraint = CLBeaconIdentityConstraint(uuid: uuid, major: major, minor: minor)
        super.init(identifier: identifier)
    }

    /// A region of the beacons matching a constraint.
    public init(beaconIdentityConstraint: CLBeaconIdentityConstraint, identifier: String) {
        constraint = beaconIdentityConstraint
        super.init(identifier: identifier)
    }

    /// The identity beacons must have.
    open var beaconIdentityConstraint: CLBeaconIdentityConstraint { constraint }
    /// The UUID beacons must have.
    open var uuid: UUID { constraint.uuid }
    /// The UUID beacons must have (deprecated by Apple in iOS 13 in favour of ``uuid``).
    open var proximityUUID: UUID { uuid }
    /// The major value beacons must have, or `nil` for any.
    open var major: NSNumber? { constraint.major.map { NSNumber(value: $0) } }
    /// The minor value beacons must have, or `nil` for any.
    open var minor: NSNumber? { constraint.minor.map { NSNumber(value: $0) } }

    /// The advertisement data a device would send to act as this beacon.
    ///
    /// Linux cannot advertise, but the
    /// dictionary is built as on iOS: the UUID, major, minor and measured power (dBm at 1 m; `nil` = default).
    open func peripheralData(withMeasuredPower measuredPower: NSNumber?) -> NSMutableDictionary {
        let data = NSMutableDictionary()
        data["uuid"] = uuid.uuidString
        data["major"] = major
        data["minor"] = minor
        data["measuredPower"] = measuredPower
        return data
    }

    override func hasSameGeometry(as other: CLRegion) -> Bool {
        (other as? CLBeaconRegion)?.beaconIdentityConstraint == beaconIdentityConstraint
    }

    /// Encodes the identifier, flags and identity constraint.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(constraint, forKey: "constraint")
        coder.encode(notifyEntryStateOnDisplay, forKey: "notifyEntryStateOnDisplay")
    }

    /// Decodes a region written by ``encode(with:)``; `nil` if the constraint is missing.
    public required init?(coder: NSCoder) {
        guard let constraint = coder.decodeObject(of: CLBeaconIdentityConstraint.self, forKey: "constraint")
        else { return nil }
        self.constraint = constraint
        super.init(coder: coder)
        notifyEntryStateOnDisplay = coder.decodeBool(forKey: "notifyEntryStateOnDisplay")
    }
}
