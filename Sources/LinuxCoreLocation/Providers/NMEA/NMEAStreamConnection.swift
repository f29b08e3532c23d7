import LocationSupport
import NMEA0183

/// One started run of a ``NMEAStreamProvider``: connection attempts, the reader thread, the silence watch and the
/// reconnect timers.
///
/// Every timer runs on the provider's clock. State is behind one lock, under which events are delivered too, so
/// ``stop()`` (which takes it to mark the run stopped) is followed by no event.
final class NMEAStreamConnection: Sendable {
    private struct State {
        var stopped = false
        var failures = 0
        var retry: LocationClockTimer?
        var wake: NMEAWakePipe?
        var readerDone: DispatchSemaphore?
        var reader: ObjectIdentifier?
        var translator: NMEAEventTranslator
        var silence = NMEASilenceRule()
        /// The clock's time of the last byte (or of the connection), and when the pending silence check runs.
        var lastData = Date.distantPast
        var silenceDue = Date.distantPast
        var silenceTimer: LocationClockTimer?
        /// Set by the silence check for the reader: the limit that passed without a byte, in seconds.
        var silentFor: Double?
        /// The check that closes an open epoch once the stream has paused for ``NMEAStreamProvider/quietGap``.
        var quietTimer: LocationClockTimer?
        /// Set by that check for the reader: the pause passed, close the open epoch.
        var quietGapPassed = false
        /// Whether a connection of this run has had a sentence accepted.
        var heardNMEA = false
        /// Whether the person running the program was told that the stream holds no NMEA.
        var warnedNotNMEA = false
    }

    /// How a connection's reading ended.
    private enum Ending {
        /// The run was stopped.
        case stopped
        /// The stream ended, failed or fell silent, for this reason: reconnect.
        case lost(String)
        /// A device that is not a terminal gave no NMEA 0183, for this reason: fail.
        case notNMEA(String)
        /// The stream of a device opened once (``NMEAStreamProvider/openedOnce``) ended: fail.
        case endedForGood(NMEAStreamProvider.OpenedOnce)
    }

    private let provider: NMEAStreamProvider
    private let handler: @Sendable (LocationProviderEvent) -> Void
    private let state: Locked<State>
    /// Whether the device is opened once, the end of its stream final (``NMEAStreamProvider/openedOnce``), asked
    /// when the run starts, while its node is there.
    private let openedOnce: NMEAStreamProvider.OpenedOnce?

    init(provider: NMEAStreamProvider, handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        self.provider = provider
        self.handler = handler
        openedOnce = provider.openedOnce
        state = Locked(
            State(
                translator: NMEAEventTranslator(
                    sourceInformation: CLLocationSourceInformation(
                        softwareSimulationState: false, andExternalAccessoryState: true),
                    source: provider.identifier)))
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
        let (timers, wake, done, reader) = state.withLock { state in
            state.stopped = true
            return ([state.retry, state.silenceTimer, state.quietTimer], state.wake, state.readerDone, state.reader)
        }
        for timer in timers { timer?.cancel() }
        wake?.wake()
        if let done, reader != ObjectIdentifier(Thread.current) {
            done.wait()
            done.signal()  // later waiters (none expected) pass too
        }
    }

    private func read() {
        let wake: NMEAWakePipe
        do {
            wake = try NMEAWakePipe()
        } catch {
            return lost(reason: "\(error)")
        }
        let stream: NMEAFileDescriptor
        do {
            stream = try provider.openStream()
        } catch {
            // `/dev/tty` without a controlling terminal stays so: said at once, not retried until a timeout.
            if case .serialDevice("/dev/tty", _) = provider.endpoint,
                case .system(_, _, ENXIO)? = error as? NMEAStreamError
            {
                return failed(NMEAStreamError.noControllingTerminal("/dev/tty"))
            }
            guard let openedOnce, case .serialDevice(let path, _) = provider.endpoint else {
                return lost(reason: "\(error)")
            }
            // Not tried again: by then a pseudo-terminal's number may be another program's terminal (absent, it will
            // be the next one's), and a descriptor that is not open now names nothing that could come.
            let what: String
            if case .system(_, let action, let code)? = error as? NMEAStreamError {
                what = "\(action): \(NMEAFileDescriptor.describe(errorNumber: code))"
            } else {
                what = "\(error)"
            }
            return failed(openedOnce.error(path, what))
        }
        let ending = pump(stream, wake: wake)
        stream.close()
        switch ending {
        case .stopped: break
        case .lost(let reason): lost(reason: reason)
        case .notNMEA(let reason): failed(ReplayInputError(source: stream.name, reason: reason))
        case .endedForGood(let openedOnce): failed(openedOnce.error(stream.name, openedOnce.ending))
        }
    }

    /// Reads and delivers until the stream ends, falls silent or proves not to be NMEA, or the run is stopped.
    ///
    /// The first ``NMEAInputCheck/liveSampleSize`` bytes of a connection are judged by ``NMEAInputCheck``: a
    /// character device that is not a terminal (`/dev/zero`, `/dev/urandom`) and gives no NMEA fails, and so does
    /// one that ends its stream before a sentence of the run was accepted (`/dev/null`, an empty input), unless an
    /// earlier connection of the run gave NMEA; a terminal (a receiver at the wrong baud rate) or a socket is read
    /// on, after one line on standard error.
    private func pump(_ stream: NMEAFileDescriptor, wake: NMEAWakePipe) -> Ending {
        let registered = state.withLock { state in
            guard !state.stopped else { return false }
            state.wake = wake
            state.silentFor = nil
            state.silence.connected()
            state.lastData = provider.clock.now
            scheduleSilenceCheck(&state, wake: wake)
            return true
        }
        guard registered else { return .stopped }
        var decoder = NMEADecoder(options: provider.decoderOptionsForNow)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var reason = "end of stream"
        var ended = false
        var firstBytes = NMEAInputCheck.FirstBytes()
        var notNMEA: String?
        let strict = stream.isCharacterDevice && !stream.isTerminal
        while true {
            guard wake.waitReadable(stream) else {
                // Woken: stopped, silent, or the pause after an epoch passed (then the epoch is complete). A wake
                // left in the pipe by a check already handled finds none of these.
                wake.drain()
                let (stopped, quiet, silentFor) = state.withLock { state in
                    defer { state.quietGapPassed = false }
                    return (state.stopped, state.quietGapPassed, state.silentFor)
                }
                if stopped { break }
                if let silentFor {
                    guard openedOnce != nil else { break }
                    deliver(decoder.closeEpoch())  // the last epoch before the loss, as at a reconnect
                    keepReading(afterSilence: silentFor, wake: wake)
                } else if quiet {
                    deliver(decoder.closeEpoch())
                }
                continue
            }
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            } catch {
                reason = "\(error)"
                break
            }
            guard count > 0 else {
                ended = true
                break
            }
            state.withLock { state in
                state.failures = 0
                state.lastData = provider.clock.now
            }
            deliver(buffer.withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) })
            if decoder.hasOpenEpoch { scheduleQuietCheck(wake: wake) }
            if let verdict = firstBytes.add(count, decoder.statistics) {
                // A device that gave NMEA earlier in the run is a receiver: it is read on, as a terminal is.
                if strict, !state.withLock({ $0.heardNMEA }) {
                    notNMEA = verdict
                    break
                }
                warnNotNMEA(verdict, stream: stream)
            }
        }
        let (stopped, silentFor) = state.withLock { state in
            state.silenceTimer?.cancel()
            state.silenceTimer = nil
            state.quietTimer?.cancel()
            state.quietTimer = nil
            return (state.stopped, state.silentFor)
        }
        if stopped { return .stopped }
        deliver(decoder.finish())
        let heardNMEA = state.withLock { state in
            state.heardNMEA = state.heardNMEA || decoder.statistics.acceptedSentences > 0
            return state.heardNMEA
        }
        if let notNMEA { return .notNMEA(notNMEA) }
        // A device that ends its stream before any sentence, still there: an empty input, as an empty log is.
        if strict, ended, !heardNMEA, !provider.deviceIsAbsent,
            let verdict = NMEAInputCheck.reason(decoder.statistics, bytesRead: nil)
        {
            return .notNMEA(verdict)
        }
        // A pseudo-terminal's master closed (end of stream, `EIO`, a hang-up), and its number goes to the next one;
        // a descriptor's device is gone with its stream.
        if let openedOnce { return .endedForGood(openedOnce) }
        if provider.deviceIsAbsent { reason = Self.goneReason(pseudoTerminal: stream.isPseudoTerminalSlave) }
        return .lost(silentFor.map(NMEASilenceRule.reason(silentFor:)) ?? reason)
    }

    /// Says once per run that a terminal or a socket sends no NMEA 0183, with the likely cause.
    private func warnNotNMEA(_ verdict: String, stream: NMEAFileDescriptor) {
        var baudRate: Int?
        if case .serialDevice(_, let rate) = provider.endpoint { baudRate = rate }
        let hint = Self.notNMEAHint(
            terminal: stream.isTerminal, pseudoTerminal: stream.isPseudoTerminalSlave, baudRate: baudRate)
        let warn = state.withLock { state in
            defer { state.warnedNotNMEA = true }
            return !state.stopped && !state.warnedNotNMEA
        }
        if warn { provider.announce("\(provider.identifier): \(verdict); \(hint)") }
    }

    /// Why a device's stream ended when its path is gone: an unplugged USB receiver ends its stream (EOF or `EIO`)
    /// and its node goes; so does a pseudo-terminal behind a link (socat's `link=`) whose program closed it, which no
    /// one unplugs.
    static func goneReason(pseudoTerminal: Bool) -> String {
        pseudoTerminal ? "the pseudo-terminal is gone (its program closed it)" : "the device is gone (unplugged?)"
    }

    /// The likely cause of a live stream without NMEA 0183, said after the verdict.
    ///
    /// - Parameters:
    ///   - terminal: Whether the stream is a terminal.
    ///   - pseudoTerminal: Whether that terminal is a pseudo-terminal, which has no baud rate: the program behind it
    ///     sends something else.
    ///   - baudRate: The rate a serial device is read at, in bits per second; `nil` for a socket.
    /// - Returns: For a serial port, the baud rate it is read at and `?baud=N`; else a question about the source.
    static func notNMEAHint(terminal: Bool, pseudoTerminal: Bool, baudRate: Int?) -> String {
        if pseudoTerminal { return "a pseudo-terminal has no baud rate: does the program behind it send NMEA 0183?" }
        guard terminal, let baudRate else { return "is it an NMEA 0183 stream?" }
        return "read at \(baudRate) baud: is that the receiver's rate? Most send at 9600 or 4800 (?baud=N)"
    }

    private func deliver(_ events: [NMEAEvent]) {
        let now = provider.clock.now
        state.withLock { state in
            for event in events where !state.stopped {
                // The feed's rate is measured on the receiver's own times where it gives them: an epoch is delivered
                // when it is complete, which in the first cycles may be at the next one or after a pause.
                switch event {
                case .fix(let fix):
                    state.silence.noteEpoch(receiverTime: fix.timestamp, deliveredAt: now)
                    tightenSilenceCheck(&state)
                case .noFix(let noFix):
                    state.silence.noteEpoch(receiverTime: noFix.timestamp, deliveredAt: now)
                    tightenSilenceCheck(&state)
                default: break
                }
                if let item = state.translator.translate(event, clockDate: now) { handler(item.event) }
            }
        }
    }

    // MARK: Pauses

    /// Makes sure a check will close the open epoch once the stream has paused for ``NMEAStreamProvider/quietGap``
    /// after its last byte; the pending check is kept when there is one.
    private func scheduleQuietCheck(wake: NMEAWakePipe) {
        state.withLock { state in
            guard !state.stopped, state.quietTimer == nil else { return }
            scheduleQuietCheck(&state, wake: wake, after: NMEAStreamProvider.quietGap)
        }
    }

    private func scheduleQuietCheck(_ state: inout State, wake: NMEAWakePipe, after delay: TimeInterval) {
        state.quietTimer = provider.clock.schedule(after: delay) { [self] in checkQuiet(wake: wake) }
    }

    /// Wakes the reader to close its epoch when the pause has lasted, else checks again when it will have.
    private func checkQuiet(wake: NMEAWakePipe) {
        state.withLock { state in
            state.quietTimer = nil
            guard !state.stopped, state.wake === wake else { return }
            let paused = provider.clock.now.timeIntervalSince(state.lastData)
            if paused >= NMEAStreamProvider.quietGap {
                state.quietGapPassed = true
                wake.wake()
            } else {
                scheduleQuietCheck(&state, wake: wake, after: NMEAStreamProvider.quietGap - paused)
            }
        }
    }

    // MARK: Silence

    /// Schedules the check for the moment the limit would pass after the last byte; called under the lock.
    private func scheduleSilenceCheck(_ state: inout State, wake: NMEAWakePipe) {
        state.silenceDue = state.lastData.addingTimeInterval(state.silence.limit)
        state.silenceTimer = provider.clock.schedule(after: state.silenceDue.timeIntervalSince(provider.clock.now)) {
            [self] in checkSilence(wake: wake)
        }
    }

    /// Moves the pending check earlier when the epochs seen so far shortened the limit; called under the lock.
    private func tightenSilenceCheck(_ state: inout State) {
        guard let wake = state.wake, state.silenceTimer != nil,
            state.lastData.addingTimeInterval(state.silence.limit) < state.silenceDue
        else { return }
        state.silenceTimer?.cancel()
        scheduleSilenceCheck(&state, wake: wake)
    }

    /// Wakes the reader of the connection `wake` belongs to when the limit has passed without a byte, else checks
    /// again when it would.
    private func checkSilence(wake: NMEAWakePipe) {
        state.withLock { state in
            guard !state.stopped, state.wake === wake else { return }
            let limit = state.silence.limit
            if provider.clock.now.timeIntervalSince(state.lastData) >= limit {
                state.silentFor = limit
                wake.wake()
            } else {
                scheduleSilenceCheck(&state, wake: wake)
            }
        }
    }

    // MARK: Reconnecting

    /// Reports the loss (once per outage) and schedules the next attempt after the backoff.
    private func lost(reason: String) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.failures += 1
            state.wake = nil
            // Scheduled before the loss is reported, so whoever sees the loss also sees the pending retry.
            let delay = provider.backoff.delay(afterFailures: state.failures)
            state.retry = provider.clock.schedule(after: delay) { [self] in reopen() }
            guard state.failures == 1 else { return }
            provider.announce("\(provider.identifier): \(reason); retrying in \(delay) s, then backing off")
            state.translator.markLost()
            handler(.fixLost)
        }
    }

    /// Reports what no reconnect would change (a device that gives no NMEA 0183, the end of a device opened once):
    /// nothing is tried again.
    private func failed(_ error: any Error) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.wake = nil
            handler(.failed(CLError(.network, userInfo: [NSUnderlyingErrorKey: error])))
        }
    }

    /// Reports a silent device opened once as lost (once per outage) and watches it again, its descriptor kept: while
    /// a pseudo-terminal is open its number stays its own, closed it could go to another program's terminal before a
    /// reopen; a device named by a descriptor is not reopened at all.
    private func keepReading(afterSilence limit: Double, wake: NMEAWakePipe) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.silentFor = nil
            // Bytes read after the check found it silent: not lost, and watched from them.
            let heard = provider.clock.now.timeIntervalSince(state.lastData) < limit
            if !heard { state.lastData = provider.clock.now }
            scheduleSilenceCheck(&state, wake: wake)
            guard !heard else { return }
            state.failures += 1
            guard state.failures == 1 else { return }
            provider.announce("\(provider.identifier): \(NMEASilenceRule.reason(silentFor: limit)); still reading it")
            state.translator.markLost()
            handler(.fixLost)
        }
    }

    /// Opens the endpoint again, or, while a serial device's path is absent, looks for it again shortly.
    private func reopen() {
        guard provider.deviceIsAbsent else { return open() }
        state.withLock { state in
            guard !state.stopped else { return }
            state.retry = provider.clock.schedule(after: provider.backoff.absentDeviceCheckInterval) { [self] in
                reopen()
            }
        }
    }
}
