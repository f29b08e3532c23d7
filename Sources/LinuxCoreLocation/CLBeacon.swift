/// A beacon seen while ranging: its identity, how near it is, and its signal strength.
///
/// The type exists so that iOS code compiles on Linux; Linux has no beacon service, so ranging reports
/// `CLError.rangingUnavailable` and no beacon is ever produced. Source: Apple's CoreLocation documentation.
open class CLBeacon: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let constraint: CLBeaconIdentityConstraint
    private let storedProximity: CLProximity
    private let storedAccuracy: CLLocationAccuracy
    private let storedRSSI: Int
    private let storedTimestamp: Date

    /// Creates an empty beacon: the all-zero UUID, major and minor 0, proximity ``CLProximity/unknown``,
    /// accuracy −1 (unknown) and RSSI 0 (unknown), stamped now.
    ///
    /// Apple's `CLBeacon` declares no initializer, so `init()` comes from `NSObject`; test doubles subclass it
    /// with `override init() { super.init() }` and override the properties.
    public override init() {
        constraint = CLBeaconIdentityConstraint(uuid: CLBeaconIdentityConstraint.nullUUID, major: 0, minor: 0)
        storedProximity = .unknown
        storedAccuracy = -1
        storedRSSI = 0
        storedTimestamp = Date()
        super.init()
    }

    /// The beacon's UUID.
    open var uuid: UUID { constraint.uuid }
    /// The beacon's UUID (deprecated by Apple in iOS 13 in favour of ``uuid``).
    open var proximityUUID: UUID { uuid }
    /// The beacon's major value.
    open var major: NSNumber { NSNumber(value: constraint.major ?? 0) }
    /// The beacon's minor value.
    open var minor: NSNumber { NSNumber(value: constraint.minor ?? 0) }
    /// How near the beacon is.
    open var proximity: CLProximity { storedProximity }
    /// The estimated distance in metres; negative = unknown.
    open var accuracy: CLLocationAccuracy { storedAccuracy }
    /// The received signal strength in decibel-milliwatts; 0 = unknown.
    open var rssi: Int { storedRSSI }
    /// When the beacon was seen.
    open var timestamp: Date { storedTimestamp }

    /// `true`: beacons support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes every value.
    open func encode(with coder: NSCoder) {
        coder.encode(constraint, forKey: "constraint")
        coder.encode(proximity.rawValue, forKey: "proximity")
        coder.encode(accuracy, forKey: "accuracy")
        coder.encode(rssi, forKey: "rssi")
        coder.encode(timestamp.timeIntervalSinceReferenceDate, forKey: "timestamp")
    }

    /// Decodes a beacon written by ``encode(with:)``; `nil` if a value is missing.
    public required init?(coder: NSCoder) {
        guard let constraint = coder.decodeObject(of: CLBeaconIdentityConstraint.self, forKey: "constraint")
        else { return nil }
        self.constraint = constraint
        storedProximity = CLProximity(rawValue: coder.decodeInteger(forKey: "proximity")) ?? .unknown
        storedAccuracy = coder.decodeDouble(forKey: "accuracy")
        storedRSSI = coder.decodeInteger(forKey: "rssi")
        storedTimestamp = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "timestamp"))
        super.init()
    }

    /// Returns the receiver: beacons are immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
