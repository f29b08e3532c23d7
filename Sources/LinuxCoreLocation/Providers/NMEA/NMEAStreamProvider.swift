import NMEA0183

/// A live NMEA 0183 receiver: a serial device (`nmea:/dev/ttyACM0?baud=9600`) or a TCP stream
/// (`nmea+tcp://host:10110`).
///
/// **Linux only.**
///
/// Fixes are delivered as they arrive, not paced, stamped with the receiver's UTC time (date from RMC/ZDA; until
/// one arrives, the time of day on the clock's day) and marked as produced by an accessory. The decoder's
/// week-rollover reference is the clock's now at each connection. When the stream ends or fails (a USB receiver
/// unplugged, a socket closed) the provider reports ``LocationProviderEvent/fixLost`` and reopens it after
/// ``backoff`` on ``clock``; a first open that fails is handled the same way, with the reason on standard error.
///
/// Each connection is read by a thread of its own that waits in `poll(2)`. ``stop()`` wakes it, waits for it to
/// close the descriptor, and returns; no event follows. Thread-safe.
public final class NMEAStreamProvider: LocationProvider {
    /// Where the bytes come from.
    public enum Endpoint: Sendable, Equatable {
        /// A serial device opened raw 8N1 at the baud rate (bits per second).
        case serialDevice(path: String, baudRate: Int)
        /// A TCP server sending NMEA sentences (e.g. a receiver's or gpsd's NMEA port, 10110 by convention).
        case tcp(host: String, port: UInt16)
    }

    /// The configuration name, such as the URI the provider was made from.
    public let identifier: String
    /// The device or server.
    public let endpoint: Endpoint
    /// What the fixes carry.
    public let capabilities: LocationProviderCapabilities
    /// The clock of reconnect delays and of dates for fixes without one.
    public let clock: any LocationClock
    /// Reconnect delays.
    public let backoff: NMEAReconnectBackoff
    private let decoderOptions: NMEADecoderOptions
    private let run = Protected<Connection?>(nil)

    /// Creates a live provider; nothing is opened until ``start(_:)``.
    ///
    /// - Parameters:
    ///   - identifier: The configuration name, e.g. `nmea:/dev/ttyACM0?baud=9600`.
    ///   - endpoint: The device or server.
    ///   - capabilities: What the fixes carry (``LocationProviderCapabilities/heading`` for heading receivers).
    ///   - clock: Reconnect delays and fallback dates; the system clock by default.
    ///   - backoff: Reconnect delays; 0.5 s doubling to 8 s by default.
    ///   - options: Decoder settings; the rollover reference is replaced by the clock's now at each connection.
    public init(
        identifier: String, endpoint: Endpoint, capabilities: LocationProviderCapabilities,
        clock: any LocationClock = SystemClock.shared, backoff: NMEAReconnectBackoff = NMEAReconnectBackoff(),
        options: NMEADecoderOptions = NMEADecoderOptions()
    ) {
        self.identifier = identifier
        self.endpoint = endpoint
        self.capabilities = capabilities
        self.clock = clock
        self.backoff = backoff
        var options = options
        options.reportsSentences = false
        decoderOptions = options
    }

    /// Whether the device exists and is readable; for TCP, whether a connection succeeds within a second.
    public var isAvailable: Bool {
        switch endpoint {
        case .serialDevice(let path, _): return NMEAFileDescriptor.isReadable(path)
        case .tcp(let host, let port):
            return (try? NMEAFileDescriptor.connectTCP(host: host, port: port, timeout: 1)) != nil
        }
    }

    /// Opens the device or connects, on a thread of its own, and delivers events until ``stop()``.
    public func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        let connection = Connection(provider: self, handler: handler)
        run.withLock { $0 = connection }
        connection.open()
    }

    /// Cancels a pending reconnect, wakes the reader, waits until it has closed the descriptor, and returns;
    /// no event follows.
    ///
    /// A TCP connect in progress is awaited (at most its 5 s timeout). Idempotent.
    public func stop() {
        run.withLock { $0.take() }?.stop()
    }

    /// Opens the endpoint; called on a reader thread.
    fileprivate func openStream() throws -> NMEAFileDescriptor {
        switch endpoint {
        case .serialDevice(let path, let baudRate): try NMEAFileDescriptor.openSerialDevice(path, baudRate: baudRate)
        case .tcp(let host, let port): try NMEAFileDescriptor.connectTCP(host: host, port: port, timeout: 5)
        }
    }

    fileprivate var decoderOptionsForNow: NMEADecoderOptions {
        var options = decoderOptions
        options.rolloverReferenceDate = clock.now
        return options
    }
}

/// One started run of a ``NMEAStreamProvider``: connection attempts, the reader thread, reconnect timers.
private final class Connection: Sendable {
    private struct State {
        var stopped = false
        var failures = 0
        var retry: LocationClockTimer?
        var wake: NMEAWakePipe?
        var readerDone: DispatchSemaphore?
        var reader: ObjectIdentifier?
        var translator = NMEAEventTranslator(
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: false, andExternalAccessoryState: true))
    }

    private let provider: NMEAStreamProvider
    private let handler: @Sendable (LocationProviderEvent) -> Void
    private let state = Protected(State())

    init(provider: NMEAStreamProvider, handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        self.provider = provider
        self.handler = handler
    }

    /// Starts a reader thread that opens the endpoint and reads it.
    func open() {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            read()
            done.signal()
        }
        thread.name = "NMEA \(provider.identifier)"
        let started: Bool = state.withLock { state in
            guard !state.stopped else { return false }
            state.readerDone = done
            state.reader = ObjectIdentifier(thread)
            return true
        }
        if started { thread.start() }
    }

    func stop() {
        let (retry, wake, done, reader) = state.withLock { state in
            state.stopped = true
            return (state.retry, state.wake, state.readerDone, state.reader)
        }
        retry?.cancel()
        wake?.wake()
        if let done, reader != ObjectIdentifier(Thread.current) {
            done.wait()
            done.signal()  // later waiters (none expected) pass too
        }
    }

    private func read() {
        let stream: NMEAFileDescriptor
        let wake: NMEAWakePipe
        do {
            wake = try NMEAWakePipe()
            stream = try provider.openStream()
        } catch {
            lost(reason: "\(error)")
            return
        }
        let reason = pump(stream, wake: wake)
        stream.close()
        if let reason { lost(reason: reason) }
    }

    /// Reads and delivers until the stream ends (returns why) or the run is stopped (returns `nil`).
    private func pump(_ stream: NMEAFileDescriptor, wake: NMEAWakePipe) -> String? {
        let registered = state.withLock { state in
            guard !state.stopped else { return false }
            state.wake = wake
            return true
        }
        guard registered else { return nil }
        var decoder = NMEADecoder(options: provider.decoderOptionsForNow)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var reason = "end of stream"
        while wake.waitReadable(stream) {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            } catch {
                reason = "\(error)"
                break
            }
            guard count > 0 else { break }
            state.withLock { $0.failures = 0 }
            deliver(decoder.feed(Data(buffer[0..<count])))
        }
        if state.withLock({ $0.stopped }) { return nil }
        deliver(decoder.finish())
        return reason
    }

    private func deliver(_ events: [NMEAEvent]) {
        let now = provider.clock.now
        state.withLock { state in
            for event in events where !state.stopped {
                if let item = state.translator.translate(event, clockDate: now) { handler(item.event) }
            }
        }
    }

    /// Reports the loss (once per outage) and schedules the next attempt after the backoff.
    private func lost(reason: String) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.failures += 1
            state.wake = nil
            // Scheduled before the loss is reported, so whoever sees the loss also sees the pending retry.
            let delay = provider.backoff.delay(afterFailures: state.failures)
            state.retry = provider.clock.schedule(after: delay) { [self] in open() }
            guard state.failures == 1 else { return }
            Diagnostics.warn("\(provider.identifier): \(reason); retrying in \(delay) s, then backing off")
            state.translator.markLost()
            handler(.fixLost)
        }
    }
}
