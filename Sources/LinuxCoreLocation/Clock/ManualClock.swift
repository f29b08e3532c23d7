import LocationSupport

/// A clock that moves only when told to: for tests, and for replays that run as fast as possible on the
/// recording's own timestamps.
///
/// **Linux only.**
///
/// Scheduled actions run on the thread that calls ``advance(by:)`` or ``advance(to:)``, in order of due
/// time (ties in scheduling order), with ``now`` set to each action's due time while it runs. Actions may
/// schedule more actions; those due within the advance run too. Thread-safe.
public final class ManualClock: LocationClock {
    private struct Entry {
        let due: Date
        let sequence: Int
        let timer: LocationClockTimer
    }

    private struct State {
        var now: Date
        var entries: [Entry] = []
        var sequence = 0
        var willRunActions: (@Sendable () -> Void)?
    }

    private let state: Locked<State>

    /// Creates a clock that reads `start` until advanced.
    ///
    /// - Parameter start: The initial time; by default 2026-01-01T00:00:00Z, so tests do not depend on today.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Locked(State(now: start))
    }

    /// The clock's current time.
    public var now: Date { state.withLock { $0.now } }

    /// The number of actions waiting to run.
    public var pendingCount: Int { state.withLock { $0.entries.filter { $0.timer.isPending }.count } }

    /// The delays, in seconds from ``now``, of the actions waiting to run, shortest first: for a test that waits for
    /// a timer to be set (a reconnect's backoff) before it advances the clock.
    var pendingDelays: [TimeInterval] {
        state.withLock { state in
            state.entries.filter { $0.timer.isPending }.map { $0.due.timeIntervalSince(state.now) }.sorted()
        }
    }

    /// Schedules `action` at ``now`` + `delay`; it runs during a later advance (even `advance(by: 0)`).
    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> LocationClockTimer {
        let timer = LocationClockTimer(action)
        state.withLock { state in
            state.sequence += 1
            state.entries.append(
                Entry(due: state.now.addingTimeInterval(max(0, delay)), sequence: state.sequence, timer: timer))
        }
        return timer
    }

    /// Moves the clock forward by `interval` seconds, running every action that falls due.
    public func advance(by interval: TimeInterval) {
        advance(to: now.addingTimeInterval(interval))
    }

    /// Moves the clock to `date`, running every action due at or before it; a date in the past runs the
    /// actions already due and leaves the time unchanged.
    public func advance(to date: Date) {
        var notified = false
        while let timer = nextDue(before: date) {
            if !notified, let notify = state.withLock({ $0.willRunActions }) { notify() }
            notified = true
            timer.fire()
        }
        state.withLock { $0.now = max($0.now, date) }
    }

    /// Called by ``advance(to:)`` before it runs the first action due, on its thread: a replay's way to hand the
    /// events it delivered before that time to the managers before the actions (a request's timeout) are
    /// queued after them.
    func setWillRunActions(_ notify: (@Sendable () -> Void)?) {
        state.withLock { $0.willRunActions = notify }
    }

    /// Sets the clock forward to `date` without time passing for what is scheduled.
    ///
    /// Every pending action stays as far ahead as it was, and none runs; a date in the past changes nothing.
    /// A replay as fast as possible sets its virtual clock to the recording's first time this way: a request
    /// made before the replay started (`once`'s 10 s timeout) counts from the first fix, not from the clock's
    /// initial 1970.
    func rebase(to date: Date) {
        state.withLock { state in
            let shift = date.timeIntervalSince(state.now)
            guard shift > 0 else { return }
            state.now = date
            state.entries = state.entries.map {
                Entry(due: $0.due.addingTimeInterval(shift), sequence: $0.sequence, timer: $0.timer)
            }
        }
    }

    /// Removes the earliest action due at or before `date`, setting ``now`` to its due time.
    private func nextDue(before date: Date) -> LocationClockTimer? {
        state.withLock { state in
            state.entries.removeAll { !$0.timer.isPending }
            guard
                let index = state.entries.indices.filter({ state.entries[$0].due <= date }).min(by: {
                    (state.entries[$0].due, state.entries[$0].sequence) < (
                        state.entries[$1].due, state.entries[$1].sequence
                    )
                })
            else { return nil }
            let entry = state.entries.remove(at: index)
            state.now = max(state.now, entry.due)
            return entry.timer
        }
    }
}
