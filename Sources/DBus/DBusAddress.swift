/// A bus address: where a bus listens, as in `unix:path=/run/dbus/system_bus_socket`.
///
/// Source: D-Bus Specification, "Server Addresses" and "Transports: Unix Domain Sockets".
///
/// Only the `unix` transport is supported, with `path=` or `abstract=`; values are percent-decoded.
public struct DBusAddress: Sendable, Equatable, CustomStringConvertible {
    /// Where a Unix domain socket lives.
    public enum Location: Sendable, Equatable {
        /// A socket file in the file system.
        case path(String)
        /// A socket in Linux's abstract namespace.
        case abstract(String)
    }

    /// The socket to connect to.
    public let location: Location

    /// Creates an address for a socket.
    public init(_ location: Location) {
        self.location = location
    }

    /// `unix:path=…` or `unix:abstract=…`.
    public var description: String {
        switch location {
        case .path(let path): "unix:path=\(path)"
        case .abstract(let name): "unix:abstract=\(name)"
        }
    }

    /// Parses an address list, `;`-separated, keeping the entries this module can connect to, in order.
    ///
    /// - Parameter text: Such as `unix:path=/run/dbus/system_bus_socket` or `tcp:host=x;unix:abstract=/tmp/y`.
    /// - Returns: The usable addresses, in the order given.
    /// - Throws: ``DBusError/invalidAddress(_:reason:)`` when no entry is a usable `unix` address or an entry
    ///   is malformed.
    public static func parseList(_ text: String) throws(DBusError) -> [DBusAddress] {
        var addresses: [DBusAddress] = []
        for entry in text.split(separator: ";") where !entry.isEmpty {
            guard let colon = entry.firstIndex(of: ":") else {
                throw .invalidAddress(text, reason: "entry \"\(entry)\" lacks \"transport:\"")
            }
            guard entry[..<colon] == "unix" else { continue }
            var keys: [String: String] = [:]
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = percentDecoded(parts[1]) else {
                    throw .invalidAddress(text, reason: "\"\(pair)\" is not key=value with valid %-escapes")
                }
                keys[String(parts[0])] = value
            }
            if let path = keys["path"] {
                addresses.append(DBusAddress(.path(path)))
            } else if let name = keys["abstract"] {
                addresses.append(DBusAddress(.abstract(name)))
            }
        }
        guard !addresses.isEmpty else {
            throw .invalidAddress(text, reason: "no unix:path= or unix:abstract= entry (other transports unsupported)")
        }
        return addresses
    }

    /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS` from `environment` when set, else ``DBus/defaultSystemBusAddress``.
    public static func systemBus(environment: [String: String]) throws(DBusError) -> [DBusAddress] {
        let text = environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        return try parseList(text ?? DBus.defaultSystemBusAddress)
    }

    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
