/// An error reported by location services, bridged to `NSError` in the domain ``kCLErrorDomain``.
///
/// Create one as on Apple's platforms, `CLError(.locationUnknown)`; match it with `error.code == .denied`,
/// `catch CLError.denied` or `(error as NSError).domain == kCLErrorDomain`.
/// On Linux an `NSError` built by hand in that domain is not converted by `as? CLError`;
/// the errors this library delivers are `CLError` values, so the cast succeeds for them.
/// Source: Apple's CoreLocation documentation (`CLError`, `CLError.Code`).
public struct CLError: _BridgedStoredNSError {
    /// The bridged `NSError` this value wraps.
    public let _nsError: NSError

    /// Wraps an `NSError`; its domain must be ``kCLErrorDomain`` and its code one of ``Code``'s raw values.
    public init(_nsError error: NSError) {
        precondition(error.domain == kCLErrorDomain, "CLError needs an NSError in kCLErrorDomain")
        _nsError = error
    }

    /// The error domain, ``kCLErrorDomain``.
    public static var errorDomain: String { kCLErrorDomain }

    /// The error domain used for bridging, ``kCLErrorDomain``.
    public static var _nsErrorDomain: String { kCLErrorDomain }

    /// The region offered instead when region monitoring failed, from the `userInfo` key
    /// ``kCLErrorUserInfoAlternateRegionKey``; `nil` when there is none.
    public var alternateRegion: CLRegion? {
        userInfo[kCLErrorUserInfoAlternateRegionKey] as? CLRegion
    }
}
