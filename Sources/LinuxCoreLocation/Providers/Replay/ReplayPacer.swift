import Dispatch

/// Plays a ``ReplaySource`` at the pace of ``ReplayOptions`` and hands each event to a provider's handler.
///
/// - At a factor, item *i* is delivered when the clock reaches `start + (tᵢ − t₀) / factor` and its fixes and
///   headings are re-stamped with that time, its schedule time, even when the timer runs late; items recorded out
///   of order are delivered at once, stamped with their (past) schedule time. Looping starts the next pass one
///   second (divided by the factor) after the last item of the previous one.
/// - As fast as possible, a private thread reads item after item, advances the virtual ``ManualClock`` to each
///   recorded time (so request timeouts and age checks follow the recording), and delivers it with its recorded
///   time. The first item sets the clock instead (``ManualClock/rebase(to:)``): the jump from the clock's start to
///   the recording is not time passing, so a request made before the replay times out on the recording's time.
///   Looping shifts later passes by the recording's length plus one second, so time keeps increasing; a later run
///   (the replay stopped and started again) goes on one second after the time the last run reached.
/// - A loop ends, with ``LocationProviderEvent/finished`` and one line on standard error, before a pass whose times
///   would pass ``FixTime/latest`` (4000-12-31): issue 32, a `?loop` at `speed=max` ran its clock past the year 9999
///   and printed `null` timestamps. A loss of fix (``LocationProviderEvent/fixLost``) is delivered once per outage
///   across passes too: a recording that starts without a fix reported `locationUnknown` on every pass (about
///   130,000 lines a second at `speed=max`).
/// - At the end without looping, ``LocationProviderEvent/finished`` is delivered.
///
/// Delivery and ``stop()`` take one lock, so no event is delivered after ``stop()`` returns; ``stop()`` also closes the
/// source before it returns (after a read in progress, if any), so the recording's file is released at once.
final class ReplayPacer: @unchecked Sendable {
    let options: ReplayOptions
    /// The clock the replay paces by: the given clock at a factor, a virtual clock as fast as possible.
    let clock: any LocationClock

    private let lock = NSLock()
    private var run: Run?

    /// The state of one started replay: used by one timer chain or one thread at a time; `stopped` and
    /// `timer` only under the pacer's lock, the source only under its own lock (reads and ``closeSource()``).
    private final class Run: @unchecked Sendable {
        private let source: any ReplaySource
        /// The source, when it can tell whether its next item is already read.
        private let buffered: (any BufferedReplaySource)?
        private let sourceLock = NSLock()
        private var sourceClosed = false
        let handler: ReplayPacer.Handler
        var stopped = false
        var timer: LocationClockTimer?
        var firstTime: Date?
        var lastTime: Date?
        var passStart: Date
        var offset: TimeInterval = 0
        var failed = false
        /// Whether the virtual clock has been set to the recording's first time.
        var clockIsSet = false
        /// Whether the last event delivered was a loss of fix: another one, before a fix, says nothing new.
        var isLost = false
        /// The passes played so far, the current one included.
        var passes = 1

        init(source: any ReplaySource, handler: @escaping ReplayPacer.Handler, passStart: Date) {
            self.source = source
            buffered = source as? any BufferedReplaySource
            self.handler = handler
            self.passStart = passStart
        }

        /// The source's next item and whether the one after it is already read; `nil` once the source is closed.
        ///
        /// The one after follows at once when a ``BufferedReplaySource`` has read it. One turn of the source's lock
        /// for both.
        func read() throws -> (item: ReplayItem, moreBuffered: Bool)? {
            try sourceLock.withLock {
                guard !sourceClosed, let item = try source.next() else { return nil }
                return (item, buffered?.hasBufferedItems ?? false)
            }
        }

        /// Rewinds the source; `false` once it is closed.
        func rewind() throws -> Bool {
            try sourceLock.withLock {
                guard !sourceClosed else { return false }
                try source.rewind()
                return true
            }
        }

        /// Closes the source once, ending a read that waits for data and waiting for a read in progress to return
        /// first.
        func closeSource() {
            source.interrupt()
            sourceLock.withLock {
                guard !sourceClosed else { return }
                sourceClosed = true
                source.close()
            }
        }
    }

    /// Names the replay in its lines on standard error, such as `nmea:log.nmea?speed=max&loop`.
    let source: String
    /// Where lines go: standard error by default.
    private let announce: @Sendable (String) -> Void

    /// Creates a pacer.
    ///
    /// - Parameters:
    ///   - options: Pace and looping.
    ///   - clock: The clock for paced replays; ignored as fast as possible, where a virtual clock is used.
    ///   - source: Names the replay in its lines.
    ///   - announce: Where lines go: standard error by default.
    init(
        options: ReplayOptions, clock: any LocationClock, source: String = "replay",
        announce: @escaping @Sendable (String) -> Void = { Diagnostics.warn($0) }
    ) {
        self.options = options
        self.source = source
        self.announce = announce
        self.clock = options.speed == .asFastAsPossible ? ManualClock(start: Self.virtualStart) : clock
    }

    /// Where the virtual clock of a replay as fast as possible starts, before its first run sets it to the recording.
    private static let virtualStart = Date(timeIntervalSince1970: 0)

    /// What the pacer hands its handler.
    enum Delivery {
        /// An event, and whether the next one follows at once (as fast as possible, from a source that has
        /// already read it), so that the hub can hand a burst of events to the managers in one hop.
        case event(LocationProviderEvent, moreFollow: Bool)
        /// The virtual clock is about to run actions (a request's timeout): what was delivered before must reach
        /// the managers first.
        case handOver
    }

    /// Receives what the pacer delivers, and owns it: an event moves on to the managers without a copy.
    typealias Handler = @Sendable (consuming Delivery) -> Void

    /// Starts replaying `source` from its first item.
    func start(_ source: any ReplaySource, handler: @escaping Handler) {
        let run = Run(source: source, handler: handler, passStart: clock.now)
        lock.withLock { self.run = run }
        switch options.speed {
        case .factor(let factor) where source.mayWaitForData:
            Thread.detachNewThread { [self] in scheduleNext(run, factor: factor) }  // the first read may wait
        case .factor(let factor): scheduleNext(run, factor: factor)
        case .asFastAsPossible:
            Thread.detachNewThread { [self] in self.runAsFastAsPossible(run) }
        }
    }

    /// Stops the replay and closes its source; no event is delivered after it returns.
    func stop() {
        let stopped: (run: Run, timer: LocationClockTimer?)? = lock.withLock {
            defer { run = nil }
            guard let run else { return nil }
            run.stopped = true
            return (run, run.timer)
        }
        stopped?.timer?.cancel()
        stopped?.run.closeSource()
    }

    /// Reads the next item, rewinding when looping, and whether the one after it is already read; `nil` at the end.
    ///
    /// Reports a read failure and ends.
    private func nextItem(_ run: Run) -> (item: ReplayItem, moreBuffered: Bool)? {
        do {
            if let read = try run.read() { return read }
            guard options.loops, run.firstTime != nil, startNextPass(run), try run.rewind() else { return nil }
            return try run.read()
        } catch {
            run.failed = true
            deliver(.failed(CLError(.network, userInfo: [NSUnderlyingErrorKey: error])), in: run)
            return nil
        }
    }

    /// Sets the times of the next pass; `false`, after one line on standard error, when the next pass would end
    /// after ``FixTime/latest``, which ends the loop.
    private func startNextPass(_ run: Run) -> Bool {
        guard let first = run.firstTime, let last = run.lastTime else { return false }
        let length = last.timeIntervalSince(first) + 1
        let nextEnd: Date
        switch options.speed {
        case .factor(let factor):
            nextEnd = run.passStart.addingTimeInterval(2 * length / factor)
        case .asFastAsPossible:
            nextEnd = last.addingTimeInterval(run.offset + length)
        }
        guard nextEnd <= FixTime.latest else {
            announce(
                Diagnostics.line(
                    source,
                    "loop ended after \(Diagnostics.count(run.passes, "pass", plural: "passes")): the next would date "
                        + "its fixes after \(FixTime.text(of: FixTime.latest))"))
            return false
        }
        switch options.speed {
        case .factor(let factor): run.passStart = run.passStart.addingTimeInterval(length / factor)
        case .asFastAsPossible: run.offset += length
        }
        run.firstTime = nil
        run.passes += 1
        return true
    }

    private func scheduleNext(_ run: Run, factor: Double) {
        guard let item = nextItem(run)?.item else {
            if !run.failed { deliver(.finished, in: run) }
            return
        }
        let first = run.firstTime ?? item.time
        run.firstTime = first
        run.lastTime = item.time
        let due = run.passStart.addingTimeInterval(item.time.timeIntervalSince(first) / factor)
        let timer = clock.schedule(after: due.timeIntervalSince(clock.now)) { [self] in
            // Stamped with its schedule time, not the time the timer ran: a timer that runs late (a loaded
            // machine) must not make fixes late, or their times uneven.
            deliver(Self.restamp(item.event, at: due, speedFactor: factor), in: run)
            scheduleNext(run, factor: factor)
        }
        let stopped = lock.withLock {
            run.timer = timer
            return run.stopped
        }
        if stopped { timer.cancel() }
    }

    private func runAsFastAsPossible(_ run: Run) {
        guard let virtualClock = clock as? ManualClock else { return }
        virtualClock.setWillRunActions { [weak self, weak run] in
            guard let self, let run else { return }
            lock.withLock { if !run.stopped { run.handler(.handOver) } }
        }
        // One turn of the pacer's lock per item: the delivery's, which also tells whether the replay was stopped.
        var running = !lock.withLock { run.stopped }
        while running {
            guard case (var item, let moreBuffered)? = nextItem(run) else {
                if !run.failed { deliver(.finished, in: run) }
                return
            }
            if run.firstTime == nil { run.firstTime = item.time }
            run.lastTime = item.time
            if !run.clockIsSet, virtualClock.now > Self.virtualStart, item.time <= virtualClock.now {
                // A later run (updates stopped, then started again) goes on one second after the time the last
                // one reached, as a loop's next pass does: the virtual clock never goes back, so a request made
                // for this run times out on this run's time (it never did when the clock stayed at the old end).
                run.offset = virtualClock.now.timeIntervalSince(item.time) + 1
            }
            let time = item.time.addingTimeInterval(run.offset)
            if run.clockIsSet {
                virtualClock.advance(to: time)
            } else {
                // Setting the clock to the recording's time is not time passing: nothing scheduled runs.
                virtualClock.rebase(to: time)
                run.clockIsSet = true
            }
            if run.offset != 0 { item.event = Self.restamp(item.event, at: time) }
            running = deliver(item.takeEvent(), in: run, moreFollow: moreBuffered)
        }
    }

    /// Hands `event` to the handler unless the replay was stopped (or the event repeats a loss of fix); returns
    /// whether the replay still runs.
    ///
    /// The event is handed on, not copied (a retain and a release of its fixes' array per item); so the lock is taken
    /// without a closure, which could not pass it on.
    @discardableResult
    private func deliver(_ event: consuming LocationProviderEvent, in run: Run, moreFollow: Bool = false) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !run.stopped else { return false }
        switch event {
        case .fixLost:
            guard !run.isLost else { return true }  // the outage goes on: already reported
            run.isLost = true
        case .locations: run.isLost = false
        default: break
        }
        run.handler(.event(event, moreFollow: moreFollow))
        return true
    }

    /// The event with its fixes and heading stamped `date`, and the fixes' speeds multiplied by `speedFactor`.
    ///
    /// A replay `speedFactor` times faster than recorded moves the device that much faster: its fixes' speed and
    /// speed accuracy follow, so that they agree with the distance and time between them (a valid speed only;
    /// −1 stays −1).
    static func restamp(
        _ event: LocationProviderEvent, at date: Date, speedFactor: Double = 1
    ) -> LocationProviderEvent {
        switch event {
        case .locations(let fixes): return .locations(fixes.map { $0.restamped(date, speedFactor: speedFactor) })
        case .heading(let heading):
            return .heading(
                CLHeading(
                    magneticHeading: heading.magneticHeading, trueHeading: heading.trueHeading,
                    headingAccuracy: heading.headingAccuracy, x: heading.x, y: heading.y, z: heading.z, timestamp: date)
            )
        case .fixLost, .failed, .finished: return event
        }
    }
}

extension ReplayItem {
    /// The event, moved out of the item: no copy of it (a retain and a release of its fixes' array).
    consuming func takeEvent() -> LocationProviderEvent { event }
}

extension CLLocation {
    /// A copy with every value kept but the timestamp, and the speed and its accuracy (when valid) multiplied by
    /// `speedFactor`.
    func restamped(_ date: Date, speedFactor: Double = 1) -> CLLocation {
        var storage = self.storage
        storage.timestamp = date
        if speedFactor != 1 {
            if storage.speed >= 0 { storage.speed *= speedFactor }
            if storage.speedAccuracy >= 0 { storage.speedAccuracy *= speedFactor }
        }
        return CLLocation(storage: storage)
    }
}
