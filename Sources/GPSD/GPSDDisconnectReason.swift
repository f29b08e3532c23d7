/// Why the client lost, or could not establish, its connection to gpsd.
///
/// Delivered in ``GPSDEvent/disconnected(_:retryAfter:)``. ``isTerminal`` reasons stop the
/// client; all others are followed by a reconnect after the backoff delay. Also the error of
/// ``GPSDProbe/version(at:timeout:)`` and ``GPSDProbe/devices(at:timeout:)``.
public enum GPSDDisconnectReason: Error, Sendable, Equatable, CustomStringConvertible {
    /// The endpoint cannot be used at all (e.g. a Unix socket path over 107 bytes). Terminal.
    case invalidEndpoint(String)
    /// `getaddrinfo` could not resolve the host; the text is `gai_strerror`'s.
    case resolutionFailed(String)
    /// `socket(2)` or `connect(2)` failed with this errno (e.g. `ECONNREFUSED` when gpsd is down).
    case connectionFailed(errno: Int32)
    /// The connection was not established within the configured timeout, in seconds.
    case connectTimedOut(seconds: Double)
    /// The peer accepted the connection but sent no `VERSION` within the connect timeout, in seconds.
    case greetingTimedOut(seconds: Double)
    /// gpsd did not answer a request (such as `?DEVICES;` of ``GPSDProbe/devices(at:timeout:)``) within this many
    /// seconds.
    case replyTimedOut(request: String, seconds: Double)
    /// gpsd closed the connection (end of file), e.g. because it exited or restarted.
    case closedByPeer
    /// `read(2)` failed with this errno (e.g. `ECONNRESET`).
    case readFailed(errno: Int32)
    /// Sending a command failed with this errno (e.g. `EPIPE`).
    case writeFailed(errno: Int32)
    /// No `TPV` arrived for this many seconds while a device was active (see ``GPSDSilencePolicy``).
    case silence(seconds: Double)
    /// gpsd speaks a protocol major version other than ``GPSD/supportedProtocolMajor``. Terminal.
    case unsupportedProtocolVersion(major: Int, minor: Int)

    /// `true` when reconnecting cannot help, so the client stops instead.
    public var isTerminal: Bool {
        switch self {
        case .invalidEndpoint, .unsupportedProtocolVersion: true
        default: false
        }
    }

    /// A one-line explanation, for example `connect failed: Connection refused`.
    public var description: String {
        switch self {
        case .invalidEndpoint(let detail): "invalid endpoint: \(detail)"
        case .resolutionFailed(let detail): "cannot resolve host: \(detail)"
        case .connectionFailed(let code): "connect failed: \(Platform.describe(errno: code))"
        case .connectTimedOut(let seconds): "connect timed out after \(seconds) s"
        case .greetingTimedOut(let seconds): "no VERSION greeting within \(seconds) s"
        case .replyTimedOut(let request, let seconds): "no reply to \(request) within \(seconds) s"
        case .closedByPeer: "gpsd closed the connection"
        case .readFailed(let code): "read failed: \(Platform.describe(errno: code))"
        case .writeFailed(let code): "write failed: \(Platform.describe(errno: code))"
        case .silence(let seconds): "no TPV for \(seconds) s while a device is active"
        case .unsupportedProtocolVersion(let major, let minor):
            "gpsd speaks protocol \(major).\(minor); "
                + "this client supports major version \(GPSD.supportedProtocolMajor) only"
        }
    }
}
