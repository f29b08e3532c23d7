import GPSD

/// Makes ``GPSDLocationProvider``s from `gpsd://HOST[:PORT][?device=PATH]` and `gpsd:///PATH/TO/SOCKET`.
///
/// The host defaults to 127.0.0.1 and the port to 2947 (gpsd's); IPv6 hosts go in brackets
/// (`gpsd://[::1]:2947`). An empty authority with a path is a Unix-domain socket speaking gpsd's JSON protocol
/// (a relay; gpsd's own `-F` control socket does not). `?device=PATH` watches only that device.
enum GPSDProviderFactory {
    /// Makes a provider from a `gpsd:` URI.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` for an unknown parameter, a bad
    ///   port or a URI that is neither `gpsd://HOST[:PORT]` nor `gpsd:///PATH`.
    @Sendable static func make(_ uri: LocationProviderURI) throws -> any LocationProvider {
        try uri.checkParameters(["device"])
        let device = uri.parameter("device")
        if device?.isEmpty == true {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "device", reason: "expected a device path, e.g. device=/dev/ttyUSB0")
        }
        let configuration = GPSDClientConfiguration(endpoint: try endpoint(uri), device: device)
        return GPSDLocationProvider(identifier: uri.description, configuration: configuration)
    }

    private static func endpoint(_ uri: LocationProviderURI) throws -> GPSDEndpoint {
        guard let authority = uri.authority else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "address",
                reason: "expected gpsd://HOST[:PORT] or gpsd:///PATH/TO/SOCKET, e.g. gpsd://127.0.0.1:2947")
        }
        if authority.isEmpty, uri.path.count > 1 { return .unixSocket(path: uri.path) }
        guard uri.path.isEmpty || uri.path == "/" else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "address",
                reason: "a TCP address takes no path; for a Unix socket write gpsd:///PATH")
        }
        let (host, port) = try uri.hostAndPort(authority, defaultPort: GPSD.defaultPort)
        return .tcp(host: host.isEmpty ? "127.0.0.1" : host, port: port)
    }
}
