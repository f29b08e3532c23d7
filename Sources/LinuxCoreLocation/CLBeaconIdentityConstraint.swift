/// The identity a beacon must have to match: a UUID and, optionally, a major and a minor value.
///
/// Equal when all three parts are equal. Source: Apple's CoreLocation documentation (iOS 13).
open class CLBeaconIdentityConstraint: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The all-zero UUID, which the empty beacon objects made by `init()` carry.
    static let nullUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    private let storedUUID: UUID
    private let storedMajor: CLBeaconMajorValue?
    private let storedMinor: CLBeaconMinorValue?

    /// Matches every beacon with this UUID.
    ///
    /// Every initializer of the class is designated, as Swift imports Apple's header (which marks none).
    public init(uuid: UUID) {
        (storedUUID, storedMajor, storedMinor) = (uuid, nil, nil)
        super.init()
    }

    /// Matches the beacons with this UUID and major value.
    public init(uuid: UUID, major: CLBeaconMajorValue) {
        (storedUUID, storedMajor, storedMinor) = (uuid, major, nil)
        super.init()
    }

    /// Matches the beacons with this UUID, major and minor value.
    public init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue) {
        (storedUUID, storedMajor, storedMinor) = (uuid, major, minor)
        super.init()
    }

    /// The UUID beacons must have.
    open var uuid: UUID { storedUUID }
    /// The major value beacons must have, or `nil` for any.
    open var major: CLBeaconMajorValue? { storedMajor }
    /// The minor value beacons must have, or `nil` for any.
    open var minor: CLBeaconMinorValue? { storedMinor }

    /// Whether `object` is a constraint with the same UUID, major and minor value.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLBeaconIdentityConstraint else { return false }
        return other.uuid == uuid && other.major == major && other.minor == minor
    }

    /// A hash of the UUID, major and minor value.
    open override var hash: Int { Hasher.hash(uuid, major, minor) }

    /// `true`: constraints support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the UUID and the optional major and minor values.
    open func encode(with coder: NSCoder) {
        coder.encode(uuid.uuidString, forKey: "uuid")
        if let major { coder.encode(Int(major), forKey: "major") }
        if let minor { coder.encode(Int(minor), forKey: "minor") }
    }

    /// Decodes a constraint written by ``encode(with:)``; `nil` if the UUID is missing or malformed.
    public required init?(coder: NSCoder) {
        guard let text = coder.decodeObject(of: NSString.self, forKey: "uuid"),
            let uuid = UUID(uuidString: text as String)
        else { return nil }
        storedUUID = uuid
        storedMajor =
            coder.containsValue(forKey: "major")
            ? UInt16(truncatingIfNeeded: coder.decodeInteger(forKey: "major")) : nil
        storedMinor =
            coder.containsValue(forKey: "minor")
            ? UInt16(truncatingIfNeeded: coder.decodeInteger(forKey: "minor")) : nil
        super.init()
    }

    /// Returns the receiver: constraints are immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

extension Hasher {
    /// Hashes the given values in order.
    static func hash(_ values: any Hashable...) -> Int {
        var hasher = Hasher()
        for value in values { hasher.combine(AnyHashable(value)) }
        return hasher.finalize()
    }
}
