import LocationSupport
import NMEA0183

/// A live NMEA 0183 receiver: a serial device (`nmea:/dev/ttyACM0?baud=9600`) or a TCP stream
/// (`nmea+tcp://host:10110`).
///
/// **Linux only.**
///
/// Fixes are delivered as soon as their epoch is complete, not paced: when the sentence that ends the receiver's
/// cycle arrives (learned from the stream, as gpsd learns it; ``/NMEA0183/NMEADecoderOptions/closesEpochAtCycleEnd``),
/// or when no byte has come for ``quietGap`` after the epoch's last one — never a cycle late. They are stamped with the
/// receiver's UTC time (date from RMC/ZDA; until one arrives, the time of day on the clock's day) and marked as
/// produced by an accessory; a fix whose time lies before 1980 or more than a day ahead of the clock is skipped. The
/// decoder's week-rollover reference is the clock's now at each connection. When the stream ends or fails (a USB
/// receiver unplugged, a socket closed) or falls silent (no byte for five of its epochs, at least 5 s, or for 30 s
/// while its rate is not known), the provider reports ``LocationProviderEvent/fixLost`` and reopens it after
/// ``backoff`` on ``clock``; a first open that fails is handled the same way, with the reason on standard error. While
/// a serial device's path is absent, it is looked for every ``NMEAReconnectBackoff/absentDeviceCheckInterval`` and
/// opened as soon as it is back.
///
/// A pseudo-terminal slave named by its number (`nmea:/dev/pts/3`) is the exception: when its master closes the
/// kernel removes the node and gives the number to the next program that asks for a pseudo-terminal, so reopening
/// the path would read that program's terminal. When its stream ends (end of stream, `EIO`, a hang-up), or when it
/// cannot be opened at the start (absent, or refused), the provider reports ``LocationProviderEvent/failed(_:)``
/// with `CLError(.network)` whose `NSUnderlyingErrorKey` is ``NMEAStreamError/pseudoTerminalNotReopened(_:_:)``, and
/// neither reopens nor looks for it; `corelocation` exits with status 1, as for a device gone for good. A path counts
/// as such when it is itself a Unix98 pty slave, asked with `lstat(2)` when the provider starts (major 136 to 143;
/// where nothing is there, a path in `/dev/pts`). A symbolic link to a pseudo-terminal (socat's `link=/tmp/gps0`,
/// udev's `/dev/serial/by-id/…`) is reopened by its path as any device is: whoever owns the link points it to the
/// next terminal. A path of a descriptor (`/dev/fd/5`, `/proc/self/fd/5`, `/proc/PID/fd/N`) is a symbolic link too,
/// but the kernel's, which nobody re-points: it is judged by what it leads to. A pseudo-terminal so named is opened
/// once as above; any other device so named is opened once too, failing with
/// ``NMEAStreamError/descriptorNotReopened(_:_:)``: the descriptor's device is gone for good when its stream ends.
/// (`nmea:/dev/stdin`, `nmea:/dev/fd/0` and `nmea:/proc/self/fd/0` make no such provider: they replay standard
/// input.) A device opened once that falls silent is reported lost (once per outage) and read on, its descriptor
/// kept open: while it is open a pseudo-terminal's number stays its own. `nmea:/dev/tty` in a program without a
/// controlling terminal (`ENXIO`) fails at once too, with ``NMEAStreamError/noControllingTerminal(_:)``: no retry
/// would change it; ``unavailability`` gives the same reason beforehand.
///
/// A character device that is not a terminal and gives no NMEA 0183 — no sentence begins in its first 4096 bytes, or
/// most of their candidates hold binary bytes (`/dev/zero`, `/dev/urandom`), or it ends before any sentence
/// (`/dev/null`) — makes the provider report ``LocationProviderEvent/failed(_:)`` with `CLError(.network)` whose
/// `NSUnderlyingErrorKey` is a ``ReplayInputError``, as for a log that is not NMEA, and it is not reopened. A
/// terminal or a socket that gives no NMEA is read on (a receiver at the wrong baud rate sends garbage until the rate
/// is right), after one line on standard error per run that says so and, for a serial port, names the baud rate (a
/// pseudo-terminal has none: the line asks about the program behind it).
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

    /// How long the stream may pause after an epoch's last byte before the epoch counts as complete, in seconds:
    /// 0.25, longer than the gaps inside a receiver's burst of sentences at 4800 baud and up.
    public static let quietGap: TimeInterval = 0.25

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
    private let run = Locked<NMEAStreamConnection?>(nil)
    /// Where an outage and its reason are said: standard error unless a test listens.
    let announce: @Sendable (String) -> Void

    /// Creates a live provider; nothing is opened until ``start(_:)``.
    ///
    /// - Parameters:
    ///   - identifier: The configuration name, e.g. `nmea:/dev/ttyACM0?baud=9600`.
    ///   - endpoint: The device or server.
    ///   - capabilities: What the fixes carry (``LocationProviderCapabilities/heading`` for heading receivers).
    ///   - clock: Reconnect delays and fallback dates; the system clock by default.
    ///   - backoff: Reconnect delays; 0.5 s doubling to 8 s by default.
    ///   - options: Decoder settings; the rollover reference is replaced by the clock's now at each connection.
    public convenience init(
        identifier: String, endpoint: Endpoint, capabilities: LocationProviderCapabilities,
        clock: any LocationClock = SystemClock.shared, backoff: NMEAReconnectBackoff = NMEAReconnectBackoff(),
        options: NMEADecoderOptions = NMEADecoderOptions()
    ) {
        self.init(
            identifier: identifier, endpoint: endpoint, capabilities: capabilities, clock: clock, backoff: backoff,
            options: options, announce: { Diagnostics.warn($0) })
    }

    /// Creates a live provider whose lines for the person running the program (an outage and its reason) go to
    /// `announce`: standard error, or a test's log.
    init(
        identifier: String, endpoint: Endpoint, capabilities: LocationProviderCapabilities, clock: any LocationClock,
        backoff: NMEAReconnectBackoff, options: NMEADecoderOptions, announce: @escaping @Sendable (String) -> Void
    ) {
        self.identifier = identifier
        self.endpoint = endpoint
        self.capabilities = capabilities
        self.clock = clock
        self.backoff = backoff
        self.announce = announce
        var options = options
        options.reportsSentences = false
        options.closesEpochAtCycleEnd = true
        decoderOptions = options
    }

    /// Whether the device exists and is readable (`/dev/tty`: and the program has a controlling terminal); for TCP,
    /// whether a connection succeeds within a second.
    public var isAvailable: Bool { unavailability == nil }

    /// Why the device cannot be read (`/dev/ttyACM0: No such file or directory`, `… Permission denied`) or the
    /// server not reached (`127.0.0.1:10110: cannot connect: Connection refused`), or `nil` when it can.
    ///
    /// `/dev/tty` in a program without a controlling terminal cannot be opened (`ENXIO`), though `access(2)` finds it
    /// readable: its reason is ``NMEAStreamError/noControllingTerminal(_:)``'s, the failure ``start(_:)`` would report.
    public var unavailability: String? {
        switch endpoint {
        case .serialDevice(let path, _):
            guard NMEAFileDescriptor.isReadable(path) else {
                return "\(path): \(NMEAFileDescriptor.describe(errorNumber: errno))"
            }
            return path == "/dev/tty" && NMEAFileDescriptor.lacksControllingTerminal
                ? "\(NMEAStreamError.noControllingTerminal(path))" : nil
        case .tcp(let host, let port):
            do {
                try NMEAFileDescriptor.connectTCP(host: host, port: port, timeout: 1).close()
                return nil
            } catch {
                return "\(error)"
            }
        }
    }

    /// Opens the device or connects, on a thread of its own, and delivers events until ``stop()``.
    public func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        let connection = NMEAStreamConnection(provider: self, handler: handler)
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
    func openStream() throws -> NMEAFileDescriptor {
        switch endpoint {
        case .serialDevice(let path, let baudRate): try NMEAFileDescriptor.openSerialDevice(path, baudRate: baudRate)
        case .tcp(let host, let port): try NMEAFileDescriptor.connectTCP(host: host, port: port, timeout: 5)
        }
    }

    /// The decoder settings for a new connection: the rollover reference is the clock's now.
    var decoderOptionsForNow: NMEADecoderOptions {
        var options = decoderOptions
        options.rolloverReferenceDate = clock.now
        return options
    }
}

extension NMEAStreamProvider {
    /// Whether the endpoint is a serial device whose path does not exist (unplugged), so that opening it is
    /// pointless until it comes back.
    var deviceIsAbsent: Bool {
        guard case .serialDevice(let path, _) = endpoint else { return false }
        return !NMEAFileDescriptor.exists(path)
    }

    /// Why a serial device is opened once, the end of its stream (or a failed first open) final.
    enum OpenedOnce: Equatable {
        /// A pseudo-terminal slave named by its number or by a descriptor: its number goes to the next one.
        case pseudoTerminal
        /// Another device named by a descriptor (`/dev/fd/5`): the descriptor's device is gone with its stream.
        case descriptor

        /// The error that ends the run of the device at `path`, after `what` happened to it.
        func error(_ path: String, _ what: String) -> NMEAStreamError {
            switch self {
            case .pseudoTerminal: .pseudoTerminalNotReopened(path, what)
            case .descriptor: .descriptorNotReopened(path, what)
            }
        }

        /// What happened when its stream ended (end of stream, `EIO`, a hang-up).
        var ending: String {
            switch self {
            case .pseudoTerminal: "the pseudo-terminal closed"
            case .descriptor: "its stream ended"
            }
        }
    }

    /// Whether the endpoint is a serial device opened once, and why, or `nil` when it is reopened by its path.
    ///
    /// Opened once: a pseudo-terminal slave named by its number (`/dev/pts/3`, not through a symbolic link) or by a
    /// descriptor (``NMEAFileDescriptor/namesPseudoTerminalSlave(_:)``), and another device named by a descriptor
    /// (``NMEAFileDescriptor/namesDescriptor(_:)``). Asked when a run starts, while the node is there.
    var openedOnce: OpenedOnce? {
        guard case .serialDevice(let path, _) = endpoint else { return nil }
        if NMEAFileDescriptor.namesPseudoTerminalSlave(path) { return .pseudoTerminal }
        return NMEAFileDescriptor.namesDescriptor(path) ? .descriptor : nil
    }
}
