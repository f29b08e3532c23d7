import Dispatch
import Foundation
import LocationSupport

/// The client's state machine: connect, watch, read, detect failures, back off, reconnect.
///
/// Every mutable member, `statistics` included, is confined to `queue` (checked with
/// `dispatchPrecondition` at the entry points), which is why the class can be
/// `@unchecked Sendable`.
/// Callbacks from the scheduler, resolver and sources carry the `generation` they were created
/// for and are ignored once the session has moved on.
final class GPSDSession: @unchecked Sendable {
    private enum Phase {
        case idle, connecting, connected, waitingToRetry, stopped, failed
    }

    /// Read through `GPSDClient.statistics`, which hops onto `queue`.
    private(set) var statistics = GPSDClientStatistics()
    private let configuration: GPSDClientConfiguration
    private let scheduler: any GPSDScheduler
    private let queue: DispatchQueue
    private let emit: @Sendable (GPSDEvent) -> Void

    private var phase = Phase.idle
    private var generation = 0
    private var connection: GPSDConnection?
    private var framer = GPSDLineFramer()
    private var lineNumber = 0
    /// Failures in a row other than refusals (see ``GPSDBackoffPolicy``); reset by a TPV.
    private var consecutiveFailures = 0
    /// Bounds the connect, then the wait for gpsd's VERSION greeting.
    private var handshakeTimer: (any GPSDScheduledWork)?
    private var retryTimer: (any GPSDScheduledWork)?
    private var silenceTimer: (any GPSDScheduledWork)?
    /// Scheduler time at which the pending silence check runs.
    private var silenceCheckDue = 0.0
    /// Active device path → its cycle in seconds.
    private var activeDeviceCycles: [String: Double] = [:]
    /// Scheduler time of the last TPV, or of arming the silence check.
    private var lastSignOfLife = 0.0
    /// The current connection's last epoch: the time of its last TPV with a new `time`, and when it arrived
    /// (scheduler time).
    private var lastEpoch: (time: Date, arrival: Double)?
    /// The last intervals between epochs on one connection, in seconds; kept across reconnects.
    private var epochIntervals = EpochIntervals()

    init(
        configuration: GPSDClientConfiguration, scheduler: any GPSDScheduler, queue: DispatchQueue,
        emit: @escaping @Sendable (GPSDEvent) -> Void
    ) {
        self.configuration = configuration
        self.scheduler = scheduler
        self.queue = queue
        self.emit = emit
    }

    // MARK: Lifecycle

    func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard phase == .idle else { return }
        attempt()
    }

    /// Stops for good; returns a group that is left once the socket is closed.
    func stop() -> DispatchGroup? {
        dispatchPrecondition(condition: .onQueue(queue))
        let closing = connection?.closed
        closeConnection(sayingGoodbye: phase == .connected)
        phase = .stopped
        generation += 1
        return closing
    }

    private func attempt() {
        generation += 1
        let current = generation
        phase = .connecting
        switch configuration.endpoint {
        case .unixSocket(let path):
            guard let address = Platform.unixAddress(path: path) else {
                fail(.invalidEndpoint("Unix socket path must be 1...107 bytes without NUL: \(path)"))
                return
            }
            open([address])
        case .tcp(let host, let port):
            // getaddrinfo may block on DNS, so it runs off the session queue.
            DispatchQueue.global(qos: .utility).async { [self] in
                let result = Platform.resolve(host: host, port: port)
                queue.async { [self] in
                    guard current == generation, phase == .connecting else { return }
                    switch result {
                    case .success(let addresses): open(addresses)
                    case .failure(let error): fail(.resolutionFailed(error.message))
                    }
                }
            }
        }
    }

    /// Connects to the first address; on failure moves on to the next before giving up.
    private func open(_ addresses: [Platform.Address]) {
        guard let address = addresses.first else {
            fail(.resolutionFailed("no addresses"))
            return
        }
        let rest = Array(addresses.dropFirst())
        let current = generation
        let fd: Int32
        switch Platform.makeSocket(family: address.family) {
        case .success(let socket): fd = socket
        case .failure(let error):
            attemptFailed(.connectionFailed(errno: error.code), next: rest)
            return
        }
        let connection = GPSDConnection(fd: fd, queue: queue)
        self.connection = connection
        let timeout = configuration.connectTimeout
        handshakeTimer = scheduler.schedule(after: timeout, on: queue) { [self] in
            guard current == generation, phase == .connecting else { return }
            attemptFailed(.connectTimedOut(seconds: timeout), next: rest)
        }
        switch Platform.connect(fd, to: address) {
        case .connected: didConnect(connection)
        case .failed(let code): attemptFailed(.connectionFailed(errno: code), next: rest)
        case .inProgress:
            connection.whenWritable { [self] in
                guard current == generation, phase == .connecting else { return }
                let code = Platform.pendingError(fd)
                if code == 0 {
                    didConnect(connection)
                } else {
                    attemptFailed(.connectionFailed(errno: code), next: rest)
                }
            }
        }
    }

    /// Tries the next resolved address, or fails the attempt when none is left.
    private func attemptFailed(_ reason: GPSDDisconnectReason, next addresses: [Platform.Address]) {
        guard !addresses.isEmpty else {
            fail(reason)
            return
        }
        closeConnection(sayingGoodbye: false)
        generation += 1
        open(addresses)
    }

    private func didConnect(_ connection: GPSDConnection) {
        handshakeTimer?.cancel()
        handshakeTimer = nil
        phase = .connected
        framer = GPSDLineFramer()
        lineNumber = 0
        lastEpoch = nil
        statistics.connections += 1
        if let code = connection.send(GPSDCommand.watchEnable(device: configuration.device)) {
            fail(.writeFailed(errno: code))
            return
        }
        let current = generation
        // gpsd greets every client at once; a peer that stays mute is not gpsd (or is hung).
        let timeout = configuration.connectTimeout
        handshakeTimer = scheduler.schedule(after: timeout, on: queue) { [self] in
            guard current == generation, phase == .connected else { return }
            fail(.greetingTimedOut(seconds: timeout), sayingGoodbye: true)
        }
        connection.startReading { [self] event in
            guard current == generation, phase == .connected else { return }
            switch event {
            case .bytes(let bytes):
                for line in framer.append(bytes) where current == generation && phase == .connected {
                    receive(line)
                }
            case .endOfFile: fail(.closedByPeer)
            case .failed(let code): fail(.readFailed(errno: code))
            }
        }
        emit(.connected(configuration.endpoint))
    }

    /// Closes the socket, reports the reason, and schedules a retry unless the reason is terminal.
    private func fail(_ reason: GPSDDisconnectReason, sayingGoodbye: Bool = false) {
        closeConnection(sayingGoodbye: sayingGoodbye)
        if reason.isTerminal {
            phase = .failed
            generation += 1
            emit(.disconnected(reason, retryAfter: nil))
            return
        }
        let delay: Double
        if case .connectionFailed(let code) = reason, Platform.isRefusal(errno: code) {
            delay = configuration.backoff.refusedDelay  // nothing listens (yet): look again soon
        } else {
            consecutiveFailures += 1
            delay = configuration.backoff.delay(afterFailures: consecutiveFailures)
        }
        phase = .waitingToRetry
        generation += 1
        let current = generation
        // Scheduled before the event goes out, so a handler sees the retry already pending.
        retryTimer = scheduler.schedule(after: delay, on: queue) { [self] in
            guard current == generation, phase == .waitingToRetry else { return }
            attempt()
        }
        emit(.disconnected(reason, retryAfter: delay))
    }

    private func closeConnection(sayingGoodbye: Bool) {
        for timer in [handshakeTimer, retryTimer, silenceTimer] { timer?.cancel() }
        handshakeTimer = nil
        retryTimer = nil
        silenceTimer = nil
        activeDeviceCycles = [:]
        guard let connection else { return }
        if sayingGoodbye { _ = connection.send(GPSDCommand.watchDisable) }
        connection.close()
        self.connection = nil
    }

    // MARK: Stream

    private func receive(_ line: GPSDLineFramer.Line) {
        lineNumber += 1
        statistics.linesReceived += 1
        let source = configuration.endpoint.description
        switch line {
        case .overlong(let length):
            statistics.overlongLinesSkipped += 1
            let error = GPSDProtocolError(source: source, line: lineNumber, kind: .overlongLine(length: length))
            emit(.protocolError(error))
        case .complete(let bytes):
            do {
                handle(try GPSDDecoder.decode(bytes))
            } catch {
                statistics.undecodableLinesSkipped += 1
                emit(.protocolError(GPSDProtocolError(source: source, line: lineNumber, kind: .undecodable(error))))
            }
        }
    }

    private func handle(_ message: GPSDMessage) {
        switch message {
        case .version(let version):
            handshakeTimer?.cancel()
            handshakeTimer = nil
            emit(.version(version))
            if version.protocolMajor != GPSD.supportedProtocolMajor {
                fail(
                    .unsupportedProtocolVersion(major: version.protocolMajor, minor: version.protocolMinor),
                    sayingGoodbye: true)
            }
        case .devices(let devices):
            activeDeviceCycles = [:]
            for device in devices where device.isActive { noteActive(device) }
            updateSilenceWatch()
            emit(.devices(devices))
        case .device(let device):
            if device.isActive { noteActive(device) } else { activeDeviceCycles[device.path ?? ""] = nil }
            updateSilenceWatch()
            emit(.device(device))
        case .watch(let watch): emit(.watch(watch))
        case .tpv(let tpv):
            let now = scheduler.now()
            noteEpoch(of: tpv, at: now)
            lastSignOfLife = now
            tightenSilenceWatch()
            consecutiveFailures = 0
            statistics.tpvReports += 1
            emit(.report(.tpv(tpv)))
        case .sky(let sky): emit(.report(.sky(sky)))
        case .gst(let gst): emit(.report(.gst(gst)))
        case .attitude(let attitude): emit(.report(.attitude(attitude)))
        case .poll(let poll): emit(.report(.poll(poll)))
        case .error(let reply): emit(.errorReply(reply))
        case .unknown: statistics.unknownClassesIgnored += 1
        }
    }

    private func noteActive(_ device: GPSDDevice) {
        let path = device.path ?? ""
        activeDeviceCycles[path] = device.cycle ?? activeDeviceCycles[path] ?? configuration.silence.defaultCycle
    }

    // MARK: Silence

    /// Notes the arrival of a TPV that starts an epoch: one whose `time` differs from the last such TPV's.
    ///
    /// TPVs without a time do not count: gpsd sends one per sentence before the receiver's first time (a burst
    /// 0.2 s apart at `gpsfake -c 0.2`, followed by an epoch every 6 s), and counting them would make the feed look
    /// fast. Nor do repeats of a time (some drivers report an epoch twice).
    private func noteEpoch(of tpv: GPSDTPV, at arrival: Double) {
        guard let time = tpv.time, time != lastEpoch?.time else { return }
        if let lastEpoch {
            epochIntervals.note(arrival - lastEpoch.arrival)
        }
        lastEpoch = (time, arrival)
    }

    /// Arms the silence check while a device is active, disarms it otherwise.
    private func updateSilenceWatch() {
        guard phase == .connected else { return }
        if activeDeviceCycles.isEmpty {
            silenceTimer?.cancel()
            silenceTimer = nil
        } else if silenceTimer == nil {
            lastSignOfLife = scheduler.now()
            scheduleSilenceCheck()
        } else {
            tightenSilenceWatch()
        }
    }

    /// Moves the pending silence check earlier when what was just observed shortened the limit.
    private func tightenSilenceWatch() {
        guard silenceTimer != nil, lastSignOfLife + silenceTimeout < silenceCheckDue else { return }
        silenceTimer?.cancel()
        scheduleSilenceCheck()
    }

    private var silenceTimeout: Double {
        configuration.silence.timeout(
            forCycle: activeDeviceCycles.values.max(), observedInterval: epochIntervals.longest)
    }

    private func scheduleSilenceCheck() {
        let current = generation
        silenceCheckDue = lastSignOfLife + silenceTimeout
        let delay = silenceCheckDue - scheduler.now()
        silenceTimer = scheduler.schedule(after: delay, on: queue) { [self] in
            guard current == generation, phase == .connected, !activeDeviceCycles.isEmpty else { return }
            let timeout = silenceTimeout
            if scheduler.now() - lastSignOfLife >= timeout {
                fail(.silence(seconds: timeout), sayingGoodbye: true)
            } else {
                scheduleSilenceCheck()
            }
        }
    }
}
