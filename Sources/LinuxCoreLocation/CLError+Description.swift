extension CLError: CustomStringConvertible {
    /// Creates an error with a code, as on Apple's platforms, whose description can be read.
    ///
    /// An `NSError` of a bare code prints `Error Domain=kCLErrorDomain Code=0 "(null)"`; here the error's
    /// `localizedFailureReason` is what the code means on Linux and its `localizedDescription` is
    /// ``description`` (unless `userInfo` gives them), so every way of printing it can be read.
    ///
    /// - Parameters:
    ///   - code: The error code.
    ///   - userInfo: Extra information: `NSLocalizedFailureReasonErrorKey` (a `String`) replaces the code's
    ///     general meaning in the description, and `NSUnderlyingErrorKey` (an `Error`) is appended to it;
    ///     ``kCLErrorUserInfoAlternateRegionKey`` as on Apple's platforms.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        var userInfo = userInfo
        if userInfo[NSLocalizedFailureReasonErrorKey] == nil {
            userInfo[NSLocalizedFailureReasonErrorKey] = code.meaningOnLinux
        }
        if userInfo[NSLocalizedDescriptionKey] == nil {
            userInfo[NSLocalizedDescriptionKey] = Self.describe(code, userInfo: userInfo)
        }
        self.init(_nsError: NSError(domain: kCLErrorDomain, code: code.rawValue, userInfo: userInfo))
    }

    /// One line: the code's case name and what it means on Linux, or the failure reason the error carries,
    /// then the underlying error, if any.
    ///
    /// For example `locationUnknown: no fix right now; updates go on`, or `network: the provider failed:
    /// route.gpx:3: error: XML is not well-formed`.
    public var description: String { Self.describe(code, userInfo: userInfo) }

    private static func describe(_ code: Code, userInfo: [String: Any]) -> String {
        var text = "\(code): " + (userInfo[NSLocalizedFailureReasonErrorKey] as? String ?? code.meaningOnLinux)
        if let underlying = userInfo[NSUnderlyingErrorKey] as? any Error { text += ": \(underlying)" }
        return text
    }
}

extension CLError.Code {
    /// What the code means for an app on Linux, in a few words.
    var meaningOnLinux: String {
        switch self {
        case .locationUnknown: "no fix right now; updates go on"
        case .denied:
            "location access is denied or restricted (CORELOCATION_AUTHORIZATION), or no provider is configured "
                + "or reachable (CORELOCATION_PROVIDER)"
        case .network: "the provider failed: its daemon, device, connection or file is gone or cannot be read"
        case .headingFailure: "the provider does not measure heading"
        case .regionMonitoringDenied: "region monitoring is not authorized"
        case .regionMonitoringFailure: "the region cannot be monitored: radius too large or more than 20 regions"
        case .regionMonitoringSetupDelayed: "region monitoring could not start at once"
        case .regionMonitoringResponseDelayed: "region events are delayed"
        case .geocodeFoundNoResult: "geocoding found no result, or no geocoder backend is configured"
        case .geocodeFoundPartialResult: "geocoding found only a partial result"
        case .geocodeCanceled: "geocoding was cancelled"
        case .deferredFailed: "deferred updates are not available on Linux"
        case .deferredNotUpdatingLocation: "deferred updates need location updates running"
        case .deferredAccuracyTooLow: "deferred updates need the best desired accuracy"
        case .deferredDistanceFiltered: "deferred updates need no distance filter"
        case .deferredCanceled: "deferred updates were cancelled"
        case .rangingUnavailable: "beacon ranging is not available on Linux"
        case .rangingFailure: "beacon ranging failed"
        case .promptDeclined: "the prompt was declined"
        case .historicalLocationError: "historical locations are not available on Linux"
        }
    }
}
