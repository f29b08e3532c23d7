import LocationSupport

/// A provider that plays a script of events at given times on its clock: for tests.
///
/// **Linux only.**
///
/// Each start schedules every step at the start time plus the step's offset; stop cancels what has not run.
/// With a ``ManualClock``, advancing the clock plays the script on the advancing thread, so tests are exact
/// and never sleep. It counts its starts and stops so tests can check the hub's bookkeeping.
public final class ScriptedLocationProvider: LocationProvider {
    /// One event of a script and when it happens.
    public struct Step: Sendable {
        /// Seconds after the provider starts.
        public var offset: TimeInterval
        /// What happens then.
        public var event: LocationProviderEvent

        /// Creates a step.
        ///
        /// - Parameters:
        ///   - offset: Seconds after the provider starts, ≥ 0.
        ///   - event: What the provider reports then.
        public init(at offset: TimeInterval, _ event: LocationProviderEvent) {
            self.offset = offset
            self.event = event
        }
    }

    private struct State {
        var timers: [LocationClockTimer] = []
        var starts = 0
        var stops = 0
        var running = false
    }

    /// The script, played from its start at every start.
    public let steps: [Step]
    /// The clock the script is played on.
    public let clock: any LocationClock
    /// What the provider claims to deliver.
    public let capabilities: LocationProviderCapabilities
    /// The configuration name, `scripted:NAME`.
    public let identifier: String
    private let state = Locked(State())

    /// Creates a scripted provider.
    ///
    /// - Parameters:
    ///   - steps: The events and their offsets in seconds from each start.
    ///   - clock: The clock to play on; usually a ``ManualClock``.
    ///   - capabilities: What the provider claims to deliver; locations with accuracy, course and altitude by
    ///     default.
    ///   - name: Distinguishes providers in diagnostics.
    public init(
        steps: [Step], clock: any LocationClock,
        capabilities: LocationProviderCapabilities = [.location, .accuracy, .course, .altitude],
        name: String = "script"
    ) {
        self.steps = steps
        self.clock = clock
        self.capabilities = capabilities
        identifier = "scripted:\(name)"
    }

    /// Always `true`.
    public var isAvailable: Bool { true }

    /// How many times the provider was started.
    public var startCount: Int { state.withLock { $0.starts } }
    /// How many times the provider was stopped while running.
    public var stopCount: Int { state.withLock { $0.stops } }
    /// Whether the provider is started.
    public var isRunning: Bool { state.withLock { $0.running } }

    /// Schedules every step on the clock.
    public func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        let timers = steps.map { step in clock.schedule(after: step.offset) { handler(step.event) } }
        state.withLock { state in
            state.timers = timers
            state.starts += 1
            state.running = true
        }
    }

    /// Cancels every step that has not run.
    public func stop() {
        let timers: [LocationClockTimer] = state.withLock { state in
            guard state.running else { return [] }
            state.running = false
            state.stops += 1
            defer { state.timers = [] }
            return state.timers
        }
        for timer in timers { timer.cancel() }
    }
}
