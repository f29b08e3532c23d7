/// Which authorization an ``INTULocationManager`` asks for when a request finds none determined.
///
/// Raw values as in INTULocationManager's `INTUAuthorizationType` (`NS_ENUM(NSUInteger)`).
public enum INTUAuthorizationType: UInt, Sendable {
    /// The manager chooses. INTULocationManager reads the app's Info.plist usage-description keys; Linux has no
    /// Info.plist, so this asks for when-in-use authorization, the least that serves every request (the
    /// level INTULocationManager's README recommends).
    case auto = 0
    /// Always authorization.
    case always = 1
    /// When-in-use authorization.
    case whenInUse = 2
}
