// swift-format-ignore: AlwaysUseLowerCamelCase
/// The domain of ``CLLocationPushServiceError``.
///
/// Apple does not publish the string's value; compare with this constant, not with a literal.
public let CLLocationPushServiceErrorDomain = "CLLocationPushServiceErrorDomain"

/// Why location pushes could not start, bridged to `NSError` in ``CLLocationPushServiceErrorDomain``.
///
/// On Linux, which has no push service, ``CLLocationManager/startMonitoringLocationPushes(completion:)`` always
/// reports ``Code/unsupportedPlatform``. Source: Apple's CoreLocation documentation
/// (`CLLocationPushServiceError`, iOS 15).
public struct CLLocationPushServiceError: _BridgedStoredNSError {
    /// The reasons; Apple's raw values.
    public enum Code: Int, _ErrorCodeProtocol, Sendable {
        /// The error type these codes belong to.
        public typealias _ErrorType = CLLocationPushServiceError

        /// The service could not start for an unknown reason. Raw value 0.
        case unknown = 0
        /// The app has no Location Push Service Extension. Raw value 1.
        case missingPushExtension = 1
        /// The app has no push environment entitlement. Raw value 2.
        case missingPushServerEnvironment = 2
        /// The app lacks the location push entitlement. Raw value 3.
        case missingEntitlement = 3
        /// The platform has no location push service: always the case on Linux. Raw value 4.
        case unsupportedPlatform = 4
    }

    /// The bridged `NSError` this value wraps.
    public let _nsError: NSError

    /// Wraps an `NSError`; its domain must be ``CLLocationPushServiceErrorDomain``.
    public init(_nsError error: NSError) {
        precondition(error.domain == CLLocationPushServiceErrorDomain, "needs CLLocationPushServiceErrorDomain")
        _nsError = error
    }

    /// The error domain, ``CLLocationPushServiceErrorDomain``.
    public static var errorDomain: String { CLLocationPushServiceErrorDomain }

    /// The error domain used for bridging, ``CLLocationPushServiceErrorDomain``.
    public static var _nsErrorDomain: String { CLLocationPushServiceErrorDomain }
}
