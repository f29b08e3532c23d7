import LocationSupport

/// Merges gpsd's reports of one epoch into one fix: gpsd (3.22 and others) sends a TPV after each sentence of some
/// receivers' cycles, several with the same time, and an app gets one location per fix on iOS.
///
/// **Linux only.**
///
/// The fixes of one time are held until the epoch is complete, and the most complete of them is delivered (a 3D fix
/// before a 2D one, then the one with the most of altitude, speed, course and accuracy; among equals the latest,
/// which gpsd fills with what the earlier sentences said). An epoch is complete when a fix with another time
/// arrives, when no report has come for ``quietGap`` after its last one, or — once learned — when its usual number of
/// reports has arrived: the number that the last two epochs had, so a receiver whose gpsd sends one TPV per epoch
/// gets each fix at once. A report of an epoch already delivered (the learned number was too small) is dropped and
/// the number forgotten. Every other event passes through in order, after the epoch it ends (a loss of fix after the
/// last fix). Thread-safe: reports arrive on the client's queue, the pause check on the clock's; events are delivered
/// under one lock, and none after ``stop()``.
final class GPSDEpochMerger: Sendable {
    /// How long the stream may pause after an epoch's last report before the epoch counts as complete, in seconds.
    static let quietGap: TimeInterval = 0.25

    private struct Epoch {
        var time: Date
        var best: CLLocation
        var reports: Int
        var lastReport: Date
    }

    private struct State {
        var open: Epoch?
        var lastDelivered: Date?
        /// The number of reports per epoch of the last epochs, and how many in a row had it.
        var usualReports = 0
        var confirmations = 0
        var timer: LocationClockTimer?
        var stopped = false
    }

    private let clock: any LocationClock
    private let handler: @Sendable (LocationProviderEvent) -> Void
    private let state = Locked(State())

    init(clock: any LocationClock, handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        self.clock = clock
        self.handler = handler
    }

    /// Takes the next event of the translator.
    func receive(_ event: LocationProviderEvent) {
        state.withLock { state in
            guard !state.stopped else { return }
            guard case .locations(let fixes) = event, fixes.count == 1, let fix = fixes.first else {
                closeOpenEpoch(&state)
                return handler(event)
            }
            add(fix, to: &state)
        }
    }

    /// Delivers nothing more: the pending epoch is dropped and its pause check cancelled.
    func stop() {
        let timer = state.withLock { state in
            state.stopped = true
            state.open = nil
            return state.timer
        }
        timer?.cancel()
    }

    private func add(_ fix: CLLocation, to state: inout State) {
        let time = fix.timestamp
        if var open = state.open, open.time == time {
            open.reports += 1
            open.lastReport = clock.now
            if Self.completeness(of: fix) >= Self.completeness(of: open.best) { open.best = fix }
            state.open = open
        } else if state.open == nil, time == state.lastDelivered {
            // The epoch was delivered at its usual number of reports, and this is one more: the number was wrong.
            state.confirmations = 0
            return
        } else {
            closeOpenEpoch(&state)
            state.open = Epoch(time: time, best: fix, reports: 1, lastReport: clock.now)
        }
        if let open = state.open, state.confirmations >= 2, open.reports == state.usualReports {
            deliver(&state)
        } else if state.timer == nil {
            scheduleQuietCheck(&state, after: Self.quietGap)
        }
    }

    /// Delivers the open epoch, if any, and learns its number of reports.
    private func closeOpenEpoch(_ state: inout State) {
        guard let open = state.open else { return }
        if open.reports == state.usualReports {
            state.confirmations += 1
        } else {
            state.usualReports = open.reports
            state.confirmations = 1
        }
        deliver(&state)
    }

    private func deliver(_ state: inout State) {
        guard let open = state.open else { return }
        state.open = nil
        state.lastDelivered = open.time
        handler(.locations([open.best]))
    }

    private func scheduleQuietCheck(_ state: inout State, after delay: TimeInterval) {
        state.timer = clock.schedule(after: delay) { [self] in checkQuiet() }
    }

    /// Closes the open epoch when its reports have paused for the quiet gap, else checks again when they will have.
    private func checkQuiet() {
        state.withLock { state in
            state.timer = nil
            guard !state.stopped, let open = state.open else { return }
            let paused = clock.now.timeIntervalSince(open.lastReport)
            if paused >= Self.quietGap {
                closeOpenEpoch(&state)
            } else {
                scheduleQuietCheck(&state, after: Self.quietGap - paused)
            }
        }
    }

    /// How much a fix says: a 3D fix (valid vertical accuracy) counts most, then speed, course and accuracy.
    static func completeness(of fix: CLLocation) -> Int {
        (fix.verticalAccuracy >= 0 ? 8 : 0) + (fix.speed >= 0 ? 4 : 0) + (fix.course >= 0 ? 2 : 0)
            + (fix.horizontalAccuracy >= 0 ? 1 : 0)
    }
}
