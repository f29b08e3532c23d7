import Dispatch

/// A short, bounded check that gpsd answers at an endpoint: connect, read the `VERSION` banner, close; or, with
/// ``devices(at:timeout:)``, also ask which devices gpsd has open.
///
/// Unlike ``GPSDClient`` it never watches (``version(at:timeout:)`` sends nothing, ``devices(at:timeout:)`` only
/// `?DEVICES;`), so gpsd does not open (power up) any device for it; gpsd
/// greets every client with `VERSION` at once (gpsd(8)), so the banner is all that is needed.
/// Every step (name resolution, `connect(2)`, the wait for the banner) shares one deadline, so a
/// call never takes much longer than `timeout` whatever the peer does; a slow name resolution is
/// abandoned at the deadline (it finishes on a global queue and its result is dropped).
///
/// Threading: a blocking call; safe from any thread, but do not call it on a queue that must stay
/// responsive. Source of semantics: gpsd_json(5), "VERSION".
public enum GPSDProbe {
    /// Connects to `endpoint` and reads gpsd's `VERSION` banner.
    ///
    /// - Parameters:
    ///   - endpoint: Where gpsd should listen.
    ///   - timeout: The whole probe's budget in seconds, > 0 (non-positive values mean 1 s).
    /// - Returns: The banner (protocol major 3), or why the probe failed: the same
    ///   ``GPSDDisconnectReason`` values the client reports (`connectionFailed(ECONNREFUSED)` when
    ///   nothing listens, `connectTimedOut`, `greetingTimedOut` when the peer stays mute or sends
    ///   something other than a banner first, `closedByPeer`, `resolutionFailed`, `invalidEndpoint`,
    ///   `unsupportedProtocolVersion`).
    public static func version(at endpoint: GPSDEndpoint, timeout: Double = 1) -> Result<
        GPSDVersion, GPSDDisconnectReason
    > {
        probe(endpoint, timeout: timeout, askingForDevices: false).map(\.version)
    }

    /// Connects to `endpoint`, reads gpsd's `VERSION` banner, asks `?DEVICES;` and reads the `DEVICES` reply: the
    /// receivers gpsd has open, without watching (no device is powered up for it).
    ///
    /// - Parameters:
    ///   - endpoint: Where gpsd should listen.
    ///   - timeout: The whole probe's budget in seconds, > 0 (non-positive values mean 1 s).
    /// - Returns: The devices, in gpsd's order (empty when it has none open), or why the probe failed: the reasons
    ///   of ``version(at:timeout:)``, or ``GPSDDisconnectReason/replyTimedOut(request:seconds:)`` when no `DEVICES`
    ///   came in time.
    public static func devices(at endpoint: GPSDEndpoint, timeout: Double = 1) -> Result<
        [GPSDDevice], GPSDDisconnectReason
    > {
        probe(endpoint, timeout: timeout, askingForDevices: true).map { $0.devices ?? [] }
    }

    /// The banner, and the `DEVICES` reply when asked for.
    private typealias Answer = (version: GPSDVersion, devices: [GPSDDevice]?)

    private static func probe(_ endpoint: GPSDEndpoint, timeout: Double, askingForDevices: Bool) -> Result<
        Answer, GPSDDisconnectReason
    > {
        let budget = timeout > 0 ? timeout : 1
        let deadline = DispatchTime.now() + budget
        let addresses: [Platform.Address]
        switch endpoint {
        case .unixSocket(let path):
            guard let address = Platform.unixAddress(path: path) else {
                return .failure(.invalidEndpoint("Unix socket path must be 1...107 bytes without NUL: \(path)"))
            }
            addresses = [address]
        case .tcp(let host, let port):
            switch resolve(host: host, port: port, deadline: deadline) {
            case .success(let resolved): addresses = resolved
            case .failure(let reason): return .failure(reason)
            }
        }
        var lastFailure = GPSDDisconnectReason.resolutionFailed("no addresses")
        for address in addresses {
            switch exchange(with: address, deadline: deadline, budget: budget, askingForDevices: askingForDevices) {
            case .success(let answer): return .success(answer)
            case .failure(let reason): lastFailure = reason
            }
            if DispatchTime.now() >= deadline { break }
        }
        return .failure(lastFailure)
    }

    /// `getaddrinfo` on a global queue, abandoned at the deadline.
    private static func resolve(host: String, port: UInt16, deadline: DispatchTime)
        -> Result<[Platform.Address], GPSDDisconnectReason>
    {
        let outcome = ResolutionOutcome()
        DispatchQueue.global(qos: .utility).async {
            outcome.finish(Platform.resolve(host: host, port: port))
        }
        guard let result = outcome.wait(until: deadline) else {
            return .failure(.resolutionFailed("no answer before the probe's deadline"))
        }
        return result.mapError { .resolutionFailed($0.message) }
    }

    /// Connects to one address and reads the first line, then, when asked, sends `?DEVICES;` and reads up to the
    /// `DEVICES` reply, all before `deadline`.
    private static func exchange(
        with address: Platform.Address, deadline: DispatchTime, budget: Double, askingForDevices: Bool
    ) -> Result<Answer, GPSDDisconnectReason> {
        let fd: Int32
        switch Platform.makeSocket(family: address.family) {
        case .success(let socket): fd = socket
        case .failure(let error): return .failure(.connectionFailed(errno: error.code))
        }
        defer {
            Platform.shutdownWriting(fd)
            Platform.close(fd)
        }
        switch Platform.connect(fd, to: address) {
        case .connected: break
        case .failed(let code): return .failure(.connectionFailed(errno: code))
        case .inProgress:
            guard Platform.wait(fd, forWriting: true, until: deadline) else {
                return .failure(.connectTimedOut(seconds: budget))
            }
            let code = Platform.pendingError(fd)
            guard code == 0 else { return .failure(.connectionFailed(errno: code)) }
        }
        var framer = GPSDLineFramer()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var version: GPSDVersion?
        while Platform.wait(fd, forWriting: false, until: deadline) {
            switch Platform.read(fd, into: &buffer) {
            case .bytes(let count):
                for line in framer.append(buffer[..<count]) {
                    let message: GPSDMessage? =
                        if case .complete(let bytes) = line { try? GPSDDecoder.decode(bytes) } else { nil }
                    guard let known = version else {
                        guard case .version(let banner)? = message else {
                            return .failure(.greetingTimedOut(seconds: budget))
                        }
                        guard banner.protocolMajor == GPSD.supportedProtocolMajor else {
                            return .failure(
                                .unsupportedProtocolVersion(major: banner.protocolMajor, minor: banner.protocolMinor))
                        }
                        guard askingForDevices else { return .success((banner, nil)) }
                        if let code = Platform.send(fd, Array(GPSDCommand.devices.utf8)) {
                            return .failure(.writeFailed(errno: code))
                        }
                        version = banner
                        continue
                    }
                    if case .devices(let devices)? = message { return .success((known, devices)) }
                }
            case .endOfFile: return .failure(.closedByPeer)
            case .failed(let code): return .failure(.readFailed(errno: code))
            case .wouldBlock: continue
            }
        }
        return .failure(
            version == nil
                ? .greetingTimedOut(seconds: budget) : .replyTimedOut(request: "?DEVICES;", seconds: budget))
    }

    /// The resolver's answer, handed from a global queue to the waiting prober.
    private final class ResolutionOutcome: @unchecked Sendable {
        // @unchecked: `result` is written once before `ready` is signalled and read only after a successful wait.
        private var result: Result<[Platform.Address], Platform.ResolutionError>?
        private let ready = DispatchSemaphore(value: 0)

        func finish(_ result: Result<[Platform.Address], Platform.ResolutionError>) {
            self.result = result
            ready.signal()
        }

        func wait(until deadline: DispatchTime) -> Result<[Platform.Address], Platform.ResolutionError>? {
            ready.wait(timeout: deadline) == .success ? result : nil
        }
    }
}
