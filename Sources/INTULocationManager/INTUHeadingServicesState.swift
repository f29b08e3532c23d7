/// Whether headings can be had: whether the provider measures them.
///
/// Raw values as in INTULocationManager's `INTUHeadingServicesState` (`NS_ENUM(NSInteger)`).
public enum INTUHeadingServicesState: Int, Sendable {
    /// The default provider measures headings.
    case available = 0
    /// It does not, or there is no provider.
    case unavailable = 1
}
