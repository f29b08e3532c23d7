import Dispatch

/// A gpsd client: connects, subscribes with `?WATCH`, decodes the JSON stream and reconnects.
///
/// Create it with a handler, call ``start()``, and receive ``GPSDEvent``s serially on the event
/// queue; at most 4,096 events wait for the handler, and reports beyond that are dropped and
/// counted in ``GPSDClientStatistics/reportsDropped``. The socket is served by Dispatch sources
/// on a private serial queue; all waits are bounded (connect and greeting timeouts, silence
/// timeout, backoff). The client detects end of file, socket errors and silence (see
/// ``GPSDSilencePolicy``), then reconnects after the delays of ``GPSDBackoffPolicy`` and sends
/// `?WATCH` again. A `VERSION` whose `proto_major` is not 3 stops
/// the client with ``GPSDDisconnectReason/unsupportedProtocolVersion(major:minor:)``.
///
/// Threading: all methods are thread-safe. A client runs once: after ``stop()`` or a terminal
/// ``GPSDDisconnectReason`` it cannot be started again. Dropping the last reference stops it.
/// Source of semantics: gpsd_json(5) and gpsd(8); rules in <doc:GPSDProtocolClient>.
public final class GPSDClient: Sendable {
    /// The configuration the client was created with.
    public let configuration: GPSDClientConfiguration
    private let session: GPSDSession
    private let sessionQueue: DispatchQueue
    private let gate = GPSDEventGate()

    /// The longest time ``stop()`` waits for the socket to close, in seconds.
    private static let closeWait = 2.0

    /// Creates a stopped client.
    ///
    /// - Parameters:
    ///   - configuration: endpoint, device filter, backoff, silence and connect-timeout rules.
    ///   - scheduler: the clock and timer source; inject a manual one in tests.
    ///   - eventQueue: where `handler` runs; the client wraps it in a private serial queue, so
    ///     events are never concurrent. Defaults to a private serial queue.
    ///   - handler: receives every event in order.
    public init(
        configuration: GPSDClientConfiguration = GPSDClientConfiguration(),
        scheduler: any GPSDScheduler = GPSDDispatchScheduler(),
        eventQueue: DispatchQueue? = nil,
        handler: @escaping @Sendable (GPSDEvent) -> Void
    ) {
        self.configuration = configuration
        let sessionQueue = DispatchQueue(label: "GPSDClient.session")
        let eventQueue = DispatchQueue(label: "GPSDClient.events", target: eventQueue)
        let gate = gate
        self.sessionQueue = sessionQueue
        session = GPSDSession(configuration: configuration, scheduler: scheduler, queue: sessionQueue) { event in
            guard gate.admit(event) else { return }
            eventQueue.async { gate.deliver { handler(event) } }
        }
    }

    deinit {
        stop()
    }

    /// Starts connecting; returns at once.
    ///
    /// Calling it again, or after ``stop()``, does nothing.
    public func start() {
        sessionQueue.async { [session] in session.start() }
    }

    /// Sends `?WATCH={"enable":false}` if connected, closes the socket and stops reconnecting.
    ///
    /// When it returns, the socket is closed (the wait for Dispatch to release it is bounded by
    /// 2 s) and no further event will be delivered; an event handler running on another thread
    /// has finished. Safe to call from the event handler and more than once.
    public func stop() {
        gate.closeAndWait()
        let closing = sessionQueue.sync { session.stop() }
        _ = closing?.wait(timeout: .now() + Self.closeWait)
    }

    /// A snapshot of the counters (connections, lines, skips, TPVs, dropped reports); briefly
    /// waits for the session queue, so it reflects every line processed so far.
    public var statistics: GPSDClientStatistics {
        var statistics = sessionQueue.sync { session.statistics }
        statistics.reportsDropped = gate.droppedReports
        return statistics
    }
}
