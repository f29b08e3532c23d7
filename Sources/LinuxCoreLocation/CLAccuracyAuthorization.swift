/// The level of location accuracy the app may use, with Apple's raw values.
///
/// Source: Apple's CoreLocation documentation (`CLAccuracyAuthorization`, iOS 14).
public enum CLAccuracyAuthorization: Int, Sendable {
    /// Locations at the provider's full accuracy. Raw value 0.
    case fullAccuracy = 0
    /// Locations at reduced accuracy (about ``kCLLocationAccuracyReduced``). Raw value 1.
    case reducedAccuracy = 1
}
