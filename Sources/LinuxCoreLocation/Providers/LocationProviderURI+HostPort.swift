import Glibc

extension LocationProviderURI {
    /// The host and port in the authority of a `scheme://HOST[:PORT]` URI.
    ///
    /// The host is a name (dot-separated labels of letters, digits, `-` and `_`, each 1...63 characters, at most
    /// 253 in all), an IPv4 address or a bracketed IPv6 address (`[::1]:2947`, optionally with a zone,
    /// `[fe80::1%eth0]`, returned without the brackets); the port is `defaultPort` when none is given. The host may
    /// be empty (`gpsd://`, `gpsd://:3000`); the caller decides what that means. Anything else is refused here, so
    /// that a typo is a usage error at once rather than a name the resolver is asked for again and again.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` named `host` for a malformed host
    ///   (an unbalanced bracket, an IPv6 address without brackets, a character no host name has), or `port` when
    ///   the port is not a number in 1...65535.
    func hostAndPort(_ authority: String, defaultPort: UInt16) throws -> (host: String, port: UInt16) {
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw badHost(authority, "the \"[\" of an IPv6 address is never closed")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw badHost(authority, "expected :PORT after \"]\"") }
            portText = rest.isEmpty ? nil : rest.dropFirst()
            guard Self.isIPv6Address(host) else { throw badHost(authority, "\"\(host)\" is not an IPv6 address") }
        } else {
            let colon = authority.lastIndex(of: ":")
            host = authority[..<(colon ?? authority.endIndex)]
            portText = colon.map { authority[authority.index(after: $0)...] }
            guard !host.contains(":") else { throw badHost(authority, "write an IPv6 address in brackets, e.g. [::1]") }
            guard host.isEmpty || Self.isHostName(host) else {
                throw badHost(authority, "expected a host name, an IPv4 address or [IPv6 address], found \"\(host)\"")
            }
        }
        guard let portText else { return (String(host), defaultPort) }
        guard let port = UInt16(portText), port > 0 else {
            throw LocationProviderError.invalidParameter(
                uri: description, name: "port", reason: "expected a number in 1...65535, found \"\(portText)\"")
        }
        return (String(host), port)
    }

    private func badHost(_ authority: String, _ reason: String) -> LocationProviderError {
        .invalidParameter(uri: description, name: "host", reason: "\(reason) (in \"\(authority)\")")
    }

    /// Whether `host` is dot-separated labels of `A-Z a-z 0-9 - _`, 1 to 63 characters each, 253 in all.
    ///
    /// One trailing dot is allowed. Dotted IPv4 addresses are such names too.
    private static func isHostName(_ host: Substring) -> Bool {
        let name = host.hasSuffix(".") ? host.dropLast() : host
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.utf8.count)
                && label.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == 0x2D || byte == 0x5F
                }
        }
    }

    /// An IPv6 address as `inet_pton(3)` reads it, optionally followed by `%ZONE` (an interface name or number).
    private static func isIPv6Address(_ host: Substring) -> Bool {
        let parts = host.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, parts[1].isEmpty || !isHostName(parts[1]) { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, String(parts[0]), &address) == 1
    }
}
