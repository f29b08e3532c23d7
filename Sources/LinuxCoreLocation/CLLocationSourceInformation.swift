/// Where a location came from: simulated by software, or produced by an external accessory.
///
/// On Linux, replay providers (GPX, recorded NMEA) mark their fixes as simulated by software, and receivers
/// on serial, USB or gpsd as produced by an accessory. Source: Apple's CoreLocation documentation (iOS 15).
open class CLLocationSourceInformation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let simulated: Bool
    private let accessory: Bool

    /// Creates source information with both flags `false`: neither simulated nor from an accessory.
    ///
    /// Reachable as `NSObject`'s `init()` is for Apple's class, so that test doubles can write
    /// `override init() { super.init() }`.
    public override init() {
        simulated = false
        accessory = false
        super.init()
    }

    /// Creates source information.
    ///
    /// - Parameters:
    ///   - isSoftware: Whether software simulated the location.
    ///   - isAccessory: Whether an external accessory produced it.
    public init(softwareSimulationState isSoftware: Bool, andExternalAccessoryState isAccessory: Bool) {
        simulated = isSoftware
        accessory = isAccessory
        super.init()
    }

    /// Whether software simulated the location (a replay, a fixed location).
    open var isSimulatedBySoftware: Bool { simulated }

    /// Whether an external accessory, such as a GNSS receiver, produced the location.
    open var isProducedByAccessory: Bool { accessory }

    /// `true`: source information supports secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes both flags.
    open func encode(with coder: NSCoder) {
        coder.encode(simulated, forKey: "simulated")
        coder.encode(accessory, forKey: "accessory")
    }

    /// Decodes source information written by ``encode(with:)``.
    public required init?(coder: NSCoder) {
        simulated = coder.decodeBool(forKey: "simulated")
        accessory = coder.decodeBool(forKey: "accessory")
        super.init()
    }

    /// Returns the receiver: source information is immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
