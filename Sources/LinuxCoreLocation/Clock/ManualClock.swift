import LocationSupport
import Synchronization

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
    /// ``State/now`` as `Date.timeIntervalSinceReferenceDate`'s bits, stored under the lock with every change of it:
    /// what ``now`` reads without the lock (a replay as fast as possible reads the clock for every event it delivers).
    private let published: Atomic<UInt64>

    /// Creates a clock that reads `start` until advanced.
    ///
    /// - Parameter start: The initial time; by default 2026-01-01T00:00:00Z, so tests do not depend on today.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Locked(State(now: start))
        published = Atomic(start.timeIntervalSinceReferenceDate.bitPattern)
    }

    /// The clock's current time.
    public var now: Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: published.load(ordering: .acquiring)))
    }

    /// Sets ``State/now`` and what ``now`` reads; under the lock.
    private func setNow(_ date: Date, in state: inout State) {
        state.now = date
        published.store(date.timeIntervalSinceReferenceDate.bitPattern, ordering: .releasing)
    }

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
    ///
    /// Without an action due, one turn of the lock (a replay as fast as possible advances the clock for every item).
    public func advance(to date: Date) {
        var notified = false
        while let timer = nextDue(before: date) {
            if !notified, let notify = state.withLock({ $0.willRunActions }) { notify() }
            notified = true
            timer.fire()
        }
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
            setNow(date, in: &state)
            state.entries = state.entries.map {
                Entry(due: $0.due.addingTimeInterval(shift), sequence: $0.sequence, timer: $0.timer)
            }
        }
    }

    /// Removes the earliest action due at or before `date`, setting ``now`` to its due time; when there is none,
    /// sets ``now`` to `date` (unless it is in the past) and returns `nil`.
    private func nextDue(before date: Date) -> LocationClockTimer? {
        state.withLock { state in
            // Not on an empty list: removing from the shared empty array allocated one (an allocation per item of a
            // replay as fast as possible, where nothing is scheduled).
            if !state.entries.isEmpty { state.entries.removeAll { !$0.timer.isPending } }
            var earliest: Int?
            for (index, entry) in state.entries.enumerated() where entry.due <= date {
                guard let found = earliest else {
                    earliest = index
                    continue
                }
                let other = state.entries[found]
                if (entry.due, entry.sequence) < (other.due, other.sequence) { earliest = index }
            }
            guard let index = earliest else {
                if date > state.now { setNow(date, in: &state) }
                return nil
            }
            let entry = state.entries.remove(at: index)
            if entry.due > state.now { setNow(entry.due, in: &state) }
            return entry.timer
        }
    }
}
