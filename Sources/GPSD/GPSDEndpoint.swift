/// Where gpsd listens.
///
/// Source of semantics: gpsd(8): the daemon listens on TCP port 2947 of the loopback interface
/// unless started with `-G`. A Unix-domain stream socket carrying the same JSON protocol (for
/// example one provided by a relay or test server) is also supported; note that gpsd's own
/// control socket (`-F`, usually `/run/gpsd.sock`) only accepts device-management commands.
public enum GPSDEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// A TCP endpoint; `host` is a numeric IPv4/IPv6 address or a name resolved with
    /// `getaddrinfo`, whose addresses are tried in order (so `localhost` works whether it
    /// resolves to `::1` or `127.0.0.1` first).
    case tcp(host: String, port: UInt16)
    /// A Unix-domain stream socket at `path` (at most 107 bytes, the `sun_path` limit).
    case unixSocket(path: String)

    /// gpsd's default: `127.0.0.1:2947`.
    public static let localDefault = GPSDEndpoint.tcp(host: "127.0.0.1", port: GPSD.defaultPort)

    /// `host:port` (IPv6 hosts in brackets) or `unix:path`; used as the location in diagnostics.
    public var description: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unixSocket(let path): "unix:\(path)"
        }
    }
}
