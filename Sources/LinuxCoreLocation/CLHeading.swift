/// The direction the device points, relative to true and magnetic north, with the raw magnetometer reading.
///
/// Immutable; subclass it (overriding the properties) to make test doubles, as iOS code does: `init()` is
/// reachable, as it is from `NSObject` on Apple's platforms, so a mock can write `override init() { super.init() }`.
/// On Linux headings come only from providers that measure them (NMEA HDT/HDG/THS, gpsd ATT), never from
/// course over ground. Source: Apple's CoreLocation documentation (`CLHeading`).
open class CLHeading: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let values: [Double]
    private let storedTimestamp: Date

    /// Creates an empty heading: both headings and the accuracy −1 (invalid), a zero magnetometer reading,
    /// stamped now.
    ///
    /// Apple's `CLHeading` declares no initializer, so `init()` comes from `NSObject`; test doubles subclass
    /// it with `override init() { super.init() }` and override the properties.
    public override init() {
        values = [-1, -1, -1, 0, 0, 0]
        storedTimestamp = Date()
        super.init()
    }

    /// Creates a heading.
    ///
    /// **Linux only**: on Apple's platforms only the system creates headings.
    ///
    /// - Parameters:
    ///   - magneticHeading: Degrees clockwise from magnetic north, 0…<360; negative = invalid.
    ///   - trueHeading: Degrees clockwise from true north, 0…<360; negative = invalid.
    ///   - headingAccuracy: Maximum deviation in degrees; negative = the heading is invalid.
    ///   - x: Magnetometer x axis in microteslas (0 when not measured).
    ///   - y: Magnetometer y axis in microteslas (0 when not measured).
    ///   - z: Magnetometer z axis in microteslas (0 when not measured).
    ///   - timestamp: When the heading was measured.
    public init(
        magneticHeading: CLLocationDirection, trueHeading: CLLocationDirection,
        headingAccuracy: CLLocationDirectionAccuracy, x: CLHeadingComponentValue = 0,
        y: CLHeadingComponentValue = 0, z: CLHeadingComponentValue = 0, timestamp: Date
    ) {
        values = [magneticHeading, trueHeading, headingAccuracy, x, y, z]
        storedTimestamp = timestamp
        super.init()
    }

    /// Degrees clockwise from magnetic north, 0…<360; negative = invalid.
    open var magneticHeading: CLLocationDirection { values[0] }
    /// Degrees clockwise from true north, 0…<360; negative = invalid.
    open var trueHeading: CLLocationDirection { values[1] }
    /// Maximum deviation of ``magneticHeading`` from the real magnetic heading, in degrees; negative = invalid.
    open var headingAccuracy: CLLocationDirectionAccuracy { values[2] }
    /// Raw magnetometer x axis in microteslas.
    open var x: CLHeadingComponentValue { values[3] }
    /// Raw magnetometer y axis in microteslas.
    open var y: CLHeadingComponentValue { values[4] }
    /// Raw magnetometer z axis in microteslas.
    open var z: CLHeadingComponentValue { values[5] }
    /// When the heading was measured.
    open var timestamp: Date { storedTimestamp }

    private static let keys = ["magneticHeading", "trueHeading", "headingAccuracy", "x", "y", "z"]

    /// `true`: headings support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes every value.
    open func encode(with coder: NSCoder) {
        for (key, value) in zip(Self.keys, values) { coder.encode(value, forKey: key) }
        coder.encode(storedTimestamp.timeIntervalSinceReferenceDate, forKey: "timestamp")
    }

    /// Decodes a heading written by ``encode(with:)``; `nil` if the timestamp is missing.
    ///
    /// Subclasses that add state override it.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "timestamp") else { return nil }
        values = Self.keys.map { coder.decodeDouble(forKey: $0) }
        storedTimestamp = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "timestamp"))
        super.init()
    }

    /// Returns the receiver: headings are immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// A one-line summary: `magneticHeading:… trueHeading:… accuracy:… x:… y:… z:… @ date`.
    open override var description: String {
        String(
            format: "magneticHeading:%.2f trueHeading:%.2f accuracy:%.2f x:%+.3f y:%+.3f z:%+.3f @ ",
            magneticHeading, trueHeading, headingAccuracy, x, y, z) + timestamp.description
    }
}
