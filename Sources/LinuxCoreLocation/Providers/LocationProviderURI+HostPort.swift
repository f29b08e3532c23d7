import Glibc

extension LocationProviderURI {
    /// The host and port in the authority of a `scheme://HOST[:PORT]` URI.
    ///
    /// The host is a name (RFC 1123: dot-separated labels of letters, digits and `-`, each 1...63 characters and
    /// neither starting nor ending with `-`, at most 253 in all; no `_`, which no host name has), an IPv4 address
    /// in dotted-quad form (a name whose last label is all digits must be one: `1.2.3.4.5` is neither) or a
    /// bracketed IPv6 address (`[::1]:2947`, optionally with a zone, `[fe80::1%eth0]`, returned without the
    /// brackets); the port is `defaultPort` when none is given. An empty host (`gpsd://`, `gpsd://:2947`,
    /// `nmea+tcp://:10110`) is ``defaultHost``, the loopback, for every scheme alike. Anything else is refused here,
    /// so that a typo is a usage error at once rather than a name the resolver is asked for again and again
    /// (`gpsd://-flag`, `gpsd://a_b` and `gpsd://1.2.3.4.5` were retried for ever).
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
        let name = host.isEmpty ? Self.defaultHost : String(host)
        guard let portText else { return (name, defaultPort) }
        guard let port = UInt16(portText), port > 0 else {
            throw LocationProviderError.invalidParameter(
                uri: description, name: "port", reason: "expected a number in 1...65535, found \"\(portText)\"")
        }
        return (name, port)
    }

    /// The host of a URI that names none (`gpsd://:2947`): 127.0.0.1, where gpsd listens by default.
    static let defaultHost = "127.0.0.1"

    private func badHost(_ authority: String, _ reason: String) -> LocationProviderError {
        .invalidParameter(uri: description, name: "host", reason: "\(reason) (in \"\(authority)\")")
    }

    /// Whether `host` is an RFC 1123 host name (dot-separated labels of `A-Z a-z 0-9 -`, 1 to 63 characters each,
    /// not starting or ending with `-`, 253 in all) or a dotted-quad IPv4 address.
    ///
    /// One trailing dot is allowed. A name whose last label is all digits must be an IPv4 address (no top-level
    /// domain is numeric).
    private static func isHostName(_ host: Substring) -> Bool {
        let name = host.hasSuffix(".") ? host.dropLast() : host
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if let last = labels.last, !last.isEmpty, last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            var address = in_addr()
            return labels.count == 4 && inet_pton(AF_INET, String(name), &address) == 1
        }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == 0x2D
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
