/// What a ``LocationProvider``'s fixes can carry.
///
/// **Linux only.**
public struct LocationProviderCapabilities: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates capabilities from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Fixes with a coordinate.
    public static let location = LocationProviderCapabilities(rawValue: 1 << 0)
    /// Measured headings (a compass or a dual-antenna receiver), not course over ground.
    public static let heading = LocationProviderCapabilities(rawValue: 1 << 1)
    /// Course and speed over ground.
    public static let course = LocationProviderCapabilities(rawValue: 1 << 2)
    /// Altitude.
    public static let altitude = LocationProviderCapabilities(rawValue: 1 << 3)
    /// An estimate of horizontal accuracy.
    public static let accuracy = LocationProviderCapabilities(rawValue: 1 << 4)
}
