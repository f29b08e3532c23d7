import Dispatch

/// A short, bounded check that gpsd answers at an endpoint: connect, read the `VERSION` banner, close.
///
/// Unlike ``GPSDClient`` it sends nothing, so gpsd does not open (power up) any device for it; gpsd
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
            switch banner(from: address, deadline: deadline, budget: budget) {
            case .success(let version): return .success(version)
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

    /// Connects to one address and reads the first line, all before `deadline`.
    private static func banner(from address: Platform.Address, deadline: DispatchTime, budget: Double)
        -> Result<GPSDVersion, GPSDDisconnectReason>
    {
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
        while Platform.wait(fd, forWriting: false, until: deadline) {
            switch Platform.read(fd, into: &buffer) {
            case .bytes(let count):
                guard let line = framer.append(buffer[..<count]).first else { continue }
                guard case .complete(let bytes) = line, case .version(let version)? = try? GPSDDecoder.decode(bytes)
                else { return .failure(.greetingTimedOut(seconds: budget)) }
                guard version.protocolMajor == GPSD.supportedProtocolMajor else {
                    return .failure(
                        .unsupportedProtocolVersion(major: version.protocolMajor, minor: version.protocolMinor))
                }
                return .success(version)
            case .endOfFile: return .failure(.closedByPeer)
            case .failed(let code): return .failure(.readFailed(errno: code))
            case .wouldBlock: continue
            }
        }
        return .failure(.greetingTimedOut(seconds: budget))
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
