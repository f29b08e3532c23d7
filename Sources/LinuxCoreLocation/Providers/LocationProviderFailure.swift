/// Why a provider failed, in one line, when no more specific error says it: the `NSUnderlyingErrorKey` of the
/// `CLError` a provider reports with ``LocationProviderEvent/failed(_:)``.
///
/// **Linux only.**
///
/// Every built-in provider puts its reason under its `CLError`: a ``ReplayInputError`` or the I/O error for a
/// replay, `GPSDDisconnectReason` for gpsd, this for GeoClue2 (`no system D-Bus (…); GeoClue2 needs one`). The
/// `CLError`'s description ends with it, so `network: the provider failed: …` always says why.
public struct LocationProviderFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed and, where known, what to do: `GeoClue2 is not available on the system bus (…); install
    /// geoclue-2.0`.
    public let description: String

    /// Creates a failure.
    ///
    /// - Parameter description: One line saying what failed, without the provider's identifier.
    public init(_ description: String) {
        self.description = description
    }
}
