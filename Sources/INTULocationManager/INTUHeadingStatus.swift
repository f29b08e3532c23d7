/// What a heading subscription's block reports with each call.
///
/// Raw values as in INTULocationManager's `INTUHeadingStatus` (`NS_ENUM(NSInteger)`).
public enum INTUHeadingStatus: Int, Sendable {
    /// A valid heading.
    case success = 0
    /// A heading without a true heading (negative `trueHeading`); the block gets `nil` and the subscription stays.
    case invalid = 1
    /// Headings cannot be had (the provider has no compass, no provider, or access was taken away); the block gets
    /// `nil` and the subscription ends.
    case unavailable = 2
}
