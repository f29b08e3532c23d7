extension LocationProviderURI {
    /// The host and port in the authority of a `scheme://HOST[:PORT]` URI.
    ///
    /// The host is a name, an IPv4 address or a bracketed IPv6 address (`[::1]:2947`, returned without the
    /// brackets); the port is `defaultPort` when none is given. The host may be empty (`gpsd://`,
    /// `gpsd://:3000`); the caller decides what that means.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` named `port` when the port is not
    ///   a number in 1...65535.
    func hostAndPort(_ authority: String, defaultPort: UInt16) throws -> (host: String, port: UInt16) {
        let portStart =
            authority.hasPrefix("[")
            ? authority.range(of: "]:")?.upperBound
            : authority.lastIndex(of: ":").map { authority.index(after: $0) }
        var host = authority
        var port = defaultPort
        if let portStart {
            let text = authority[portStart...]
            guard let value = UInt16(text), value > 0 else {
                throw LocationProviderError.invalidParameter(
                    uri: description, name: "port", reason: "expected a number in 1...65535, found \"\(text)\"")
            }
            port = value
            host = String(authority[..<authority.index(before: portStart)])
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host, port)
    }
}
