/// The floor of a building a location is on.
///
/// Immutable. Source: Apple's CoreLocation documentation (`CLFloor`).
open class CLFloor: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let storedLevel: Int

    /// Creates a floor at ground level (0).
    ///
    /// Apple's `CLFloor` declares no initializer, so `init()` comes from `NSObject`; test doubles subclass it
    /// with `override init() { super.init() }` and override ``level``.
    public override init() {
        storedLevel = 0
        super.init()
    }

    /// Creates a floor.
    ///
    /// **Linux only**: on Apple's platforms only the system creates floors.
    ///
    /// - Parameter level: The floor number: 0 is ground level, negative numbers are below it.
    public init(level: Int) {
        storedLevel = level
        super.init()
    }

    /// The floor number: 0 is ground level, negative numbers are below it.
    open var level: Int { storedLevel }

    /// `true`: floors support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the level.
    open func encode(with coder: NSCoder) {
        coder.encode(level, forKey: "level")
    }

    /// Decodes a floor written by ``encode(with:)``; `nil` if the level is missing.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "level") else { return nil }
        storedLevel = coder.decodeInteger(forKey: "level")
        super.init()
    }

    /// Returns the receiver: floors are immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
