/// Makes the NMEA providers from their URIs (schemes `nmea` and `nmea+tcp`).
///
/// - `nmea:-` reads standard input as a replay (no `?loop`: it cannot be rewound).
/// - `nmea:PATH` with a path under `/dev/` or naming a character device: a live ``NMEAStreamProvider``
///   (`?baud=N`, 9600 by default).
/// - `nmea:PATH` otherwise: a ``ReplayLocationProvider`` over ``NMEAReplaySource`` (`?speed=N|max`, `?loop`).
/// - `nmea+tcp://HOST[:PORT]`: a live ``NMEAStreamProvider`` on TCP, port 10110 by default.
///
/// `?heading` declares ``LocationProviderCapabilities/heading`` (a heading receiver). A log file is also scanned
/// (its first 64 KiB) for HDT, HDG or THS sentences when the provider is made.
enum NMEAProviderFactory {
    /// What every NMEA provider's fixes can carry.
    static let baseCapabilities: LocationProviderCapabilities = [.location, .course, .altitude, .accuracy]
    /// The TCP port used when the URI has none (the conventional NMEA-over-IP port).
    static let defaultTCPPort: UInt16 = 10110
    /// The serial speed used without `?baud`: the default of most current receivers (NMEA's own 4800 is rarer;
    /// USB CDC-ACM receivers ignore it).
    static let defaultBaudRate = 9600
    private static let scanLength = 65_536

    /// Makes a provider from `nmea:PATH[?…]`.
    @Sendable static func make(_ uri: LocationProviderURI) throws -> any LocationProvider {
        let path = uri.path
        guard !path.isEmpty else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "path",
                reason: "expected a file, a device such as /dev/ttyACM0, or - for standard input")
        }
        if path != "-", path.hasPrefix("/dev/") || NMEAFileDescriptor.isCharacterDevice(path) {
            try check(uri, allowed: ["baud", "heading"])
            let baud = try baudRate(uri)
            return NMEAStreamProvider(
                identifier: uri.description, endpoint: .serialDevice(path: path, baudRate: baud),
                capabilities: capabilities(uri, scanning: nil))
        }
        try check(uri, allowed: ["speed", "loop", "heading"])
        let options = try ReplayOptions(uri: uri)
        if path == "-", options.loops {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "loop", reason: "standard input cannot be rewound; replay a file to loop")
        }
        return ReplayLocationProvider(
            identifier: uri.description, capabilities: capabilities(uri, scanning: path == "-" ? nil : path),
            options: options, isAvailable: { path == "-" || NMEAFileDescriptor.isReadable(path) },
            open: { try NMEAReplaySource(path: path) })
    }

    /// Makes a provider from `nmea+tcp://HOST[:PORT][?heading]`.
    @Sendable static func makeTCP(_ uri: LocationProviderURI) throws -> any LocationProvider {
        try check(uri, allowed: ["heading"])
        guard let authority = uri.authority, !authority.isEmpty, uri.path.isEmpty || uri.path == "/" else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "address",
                reason: "expected nmea+tcp://HOST[:PORT], e.g. nmea+tcp://192.168.1.10:10110")
        }
        let (host, port) = try uri.hostAndPort(authority, defaultPort: defaultTCPPort)
        guard !host.isEmpty else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "address",
                reason: "expected a host before the port, e.g. nmea+tcp://192.168.1.10:10110")
        }
        return NMEAStreamProvider(
            identifier: uri.description, endpoint: .tcp(host: host, port: port),
            capabilities: capabilities(uri, scanning: nil))
    }

    private static func check(_ uri: LocationProviderURI, allowed: Set<String>) throws {
        for (name, _) in uri.parameters where !allowed.contains(name) {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: name,
                reason: "unknown here; expected \(allowed.sorted().joined(separator: ", "))")
        }
    }

    private static func baudRate(_ uri: LocationProviderURI) throws -> Int {
        guard let text = uri.parameter("baud") else { return defaultBaudRate }
        guard let rate = Int(text), NMEAFileDescriptor.supportedBaudRates.contains(rate) else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "baud",
                reason:
                    "expected one of \(NMEAFileDescriptor.supportedBaudRates.map(String.init).joined(separator: ", ")), found \"\(text)\""
            )
        }
        return rate
    }

    /// The base capabilities, plus heading when `?heading` is given or the log's first 64 KiB has a heading sentence.
    private static func capabilities(_ uri: LocationProviderURI, scanning path: String?) -> LocationProviderCapabilities
    {
        var capabilities = baseCapabilities
        if uri.parameter("heading") != nil || path.map(hasHeadingSentence) == true { capabilities.insert(.heading) }
        return capabilities
    }

    private static func hasHeadingSentence(_ path: String) -> Bool {
        guard let file = try? NMEAFileDescriptor.openFile(path) else { return false }
        var buffer = [UInt8](repeating: 0, count: scanLength)
        guard let count = try? buffer.withUnsafeMutableBytes({ try file.read(into: $0) }) else { return false }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return ["HDT,", "HDG,", "THS,"].contains { text.contains($0) }
    }
}
