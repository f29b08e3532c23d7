/// How a ``GPSDClient`` connects and when it gives up on a connection.
///
/// A plain value; all members have the documented defaults.
public struct GPSDClientConfiguration: Sendable, Equatable {
    /// Where gpsd listens; default ``GPSDEndpoint/localDefault`` (127.0.0.1:2947).
    public var endpoint: GPSDEndpoint
    /// Watch only this device path (`"device"` in `?WATCH`), or `nil` for all devices.
    public var device: String?
    /// The reconnect delays.
    public var backoff: GPSDBackoffPolicy
    /// When a connection counts as silent.
    public var silence: GPSDSilencePolicy
    /// The longest wait for `connect(2)` to complete, and then for gpsd's `VERSION` greeting,
    /// in seconds (> 0); default 5.
    public var connectTimeout: Double

    /// Creates a configuration; a non-positive `connectTimeout` falls back to 5 s.
    public init(
        endpoint: GPSDEndpoint = .localDefault,
        device: String? = nil,
        backoff: GPSDBackoffPolicy = GPSDBackoffPolicy(),
        silence: GPSDSilencePolicy = GPSDSilencePolicy(),
        connectTimeout: Double = 5
    ) {
        self.endpoint = endpoint
        self.device = device
        self.backoff = backoff
        self.silence = silence
        self.connectTimeout = connectTimeout > 0 ? connectTimeout : 5
    }
}
