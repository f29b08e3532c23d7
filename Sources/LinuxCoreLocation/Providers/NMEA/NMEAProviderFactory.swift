import NMEA0183

/// Makes the NMEA providers from their URIs (schemes `nmea` and `nmea+tcp`).
///
/// - `nmea:-` reads standard input as a replay (no `?loop`: it cannot be rewound); so do its names
///   `nmea:/dev/stdin`, `nmea:/dev/fd/0` and `nmea:/proc/self/fd/0`, which are not a serial device.
/// - `nmea:PATH` naming a character device, or nothing yet under `/dev/` (but a descriptor, `/dev/fd/N`): a live
///   ``NMEAStreamProvider`` (`?baud=N`, 9600 by default).
/// - `nmea:PATH` otherwise: a ``ReplayLocationProvider`` over ``NMEAReplaySource`` (`?speed=N|max`, `?loop`).
/// - `nmea+tcp://HOST[:PORT]`: a live ``NMEAStreamProvider`` on TCP, port 10110 by default.
///
/// `?heading` declares ``LocationProviderCapabilities/heading`` (a heading receiver); like `?loop` it is a flag,
/// and a value (`?heading=false`) is refused. A regular log file is also
/// scanned whole for HDT, HDG, HDM or THS sentences when the provider is made, so its headings replay wherever they
/// start (a FIFO or standard input is not: its bytes can be read once only).
enum NMEAProviderFactory {
    /// What every NMEA provider's fixes can carry.
    static let baseCapabilities: LocationProviderCapabilities = [.location, .course, .altitude, .accuracy]
    /// The TCP port used when the URI has none (the conventional NMEA-over-IP port).
    static let defaultTCPPort: UInt16 = 10110
    /// The serial speed used without `?baud`: the default of most current receivers (NMEA's own 4800 is rarer;
    /// USB CDC-ACM receivers ignore it).
    static let defaultBaudRate = 9600
    private static let scanChunk = 65_536
    /// The sentence types of headings.
    private static let headingTypes = ["HDT", "HDG", "HDM", "THS"].map { Array($0.utf8) }

    /// Makes a provider from `nmea:PATH[?…]`.
    @Sendable static func make(_ uri: LocationProviderURI) throws -> any LocationProvider {
        let path = uri.namesStandardInput ? "-" : uri.path
        guard !path.isEmpty else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "path",
                reason: "expected a file, a device such as /dev/ttyACM0, or - for standard input")
        }
        if path != "-", namesSerialDevice(path) {
            try uri.checkParameters(["baud", "heading"])
            let baud = try baudRate(uri)
            return NMEAStreamProvider(
                identifier: uri.description, endpoint: .serialDevice(path: path, baudRate: baud),
                capabilities: try capabilities(uri, scanning: nil), options: decoderOptions)
        }
        try uri.checkParameters(["speed", "loop", "heading"])
        let options = try ReplayOptions(uri: uri)
        if path == "-", options.loops {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "loop", reason: "standard input cannot be rewound; replay a file to loop")
        }
        // Only a regular file is scanned: a FIFO or pipe gives its bytes once, so a scan would take them from the
        // replay, and then wait in open(2) for a writer that has gone (issue 32).
        let scanned = path != "-" && NMEAFileDescriptor.isRegularFile(path) ? path : nil
        // Standard input, a FIFO or a pipe is usually a live feed (`nc host 10110 | …`): its epochs close at the
        // receiver's cycle end, not a cycle late.
        var sourceOptions = decoderOptions
        sourceOptions.closesEpochAtCycleEnd = scanned == nil
        return ReplayLocationProvider(
            identifier: uri.description, capabilities: try capabilities(uri, scanning: scanned),
            options: options, unavailability: { path == "-" ? nil : ReplayFileCheck.unavailability(of: path) },
            open: { [sourceOptions] in try NMEAReplaySource(path: path, options: sourceOptions) })
    }

    /// Whether `path` is read live, as a serial device: it names a character device (through links), or nothing yet
    /// under `/dev/` (a receiver not plugged in, looked for until it is) but a descriptor.
    ///
    /// What is there decides, not the prefix: a regular file or a FIFO under `/dev/` (`/dev/shm/log.nmea`, the pipe
    /// of `nmea:<(cat log)`, `/dev/fd/3` on a file) was read live, so a file's fixes came again at every reopen, for
    /// ever, and a directory (`nmea:/dev/pts`) was retried for ever (a trial of the tool). They are replayed now, as
    /// the same file elsewhere is: a directory is then refused as one. So is a descriptor that is not open
    /// (`/dev/fd/9`), a file that cannot be read: it was looked for every 0.5 s, for ever, though nothing can come.
    static func namesSerialDevice(_ path: String) -> Bool {
        if NMEAFileDescriptor.isCharacterDevice(path) { return true }
        return path.hasPrefix("/dev/") && !NMEAFileDescriptor.exists(path) && !NMEAFileDescriptor.namesDescriptor(path)
    }

    /// Makes a provider from `nmea+tcp://HOST[:PORT][?heading]`.
    @Sendable static func makeTCP(_ uri: LocationProviderURI) throws -> any LocationProvider {
        try uri.checkParameters(["heading"])
        guard let authority = uri.authority, uri.path.isEmpty || uri.path == "/" else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "address",
                reason: "expected nmea+tcp://HOST[:PORT], e.g. nmea+tcp://192.168.1.10:10110")
        }
        let (host, port) = try uri.hostAndPort(authority, defaultPort: defaultTCPPort)
        return NMEAStreamProvider(
            identifier: uri.description, endpoint: .tcp(host: host, port: port),
            capabilities: try capabilities(uri, scanning: nil), options: decoderOptions)
    }

    /// Decoder settings for a provider made now: the defaults, with field values in diagnostics as
    /// ``LocationProviders/diagnosticsIncludeFieldValues`` says.
    private static var decoderOptions: NMEADecoderOptions {
        var options = NMEADecoderOptions()
        options.includesFieldValues = LocationProviders.diagnosticsIncludeFieldValues
        return options
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

    /// The base capabilities, plus heading when `?heading` is given or the log has a heading sentence.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` for a `heading` with a value.
    private static func capabilities(_ uri: LocationProviderURI, scanning path: String?) throws
        -> LocationProviderCapabilities
    {
        var capabilities = baseCapabilities
        if try uri.flag("heading", effect: "declare a heading receiver") || path.map(hasHeadingSentence) == true {
            capabilities.insert(.heading)
        }
        return capabilities
    }

    /// Whether the file holds an HDT, HDG, HDM or THS sentence anywhere: read in chunks until the first is found,
    /// each chunk starting with the last bytes of the one before so that no address is missed at a boundary.
    static func hasHeadingSentence(_ path: String) -> Bool {
        guard let file = try? NMEAFileDescriptor.openFile(path) else { return false }
        defer { file.close() }
        let overlap = 3
        var buffer = [UInt8](repeating: 0, count: scanChunk + overlap)
        var kept = 0
        while true {
            guard
                let count = try? buffer.withUnsafeMutableBytes({
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[kept...]))
                }), count > 0
            else { return false }
            let end = kept + count
            if buffer.withUnsafeBufferPointer({ containsHeadingType(UnsafeBufferPointer(rebasing: $0[..<end])) }) {
                return true
            }
            kept = min(overlap, end)
            buffer.replaceSubrange(0..<kept, with: buffer[(end - kept)..<end])
        }
    }

    /// Whether `bytes` hold `HDT,`, `HDG,`, `HDM,` or `THS,`.
    private static func containsHeadingType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 3
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ","),
                headingTypes.contains(where: {
                    $0[0] == bytes[index - 3] && $0[1] == bytes[index - 2] && $0[2] == bytes[index - 1]
                })
            {
                return true
            }
            index += 1
        }
        return false
    }
}
