extension CLLocationManager {
    /// The provider this manager's fixes come from, or `nil` when none is configured.
    ///
    /// **Linux only.**
    public var provider: (any LocationProvider)? { engine.provider }

    /// The clock all of this manager's time-based behaviour follows: its provider's.
    ///
    /// **Linux only.**
    public var clock: any LocationClock { engine.clock }

    /// The time on ``clock`` at which the provider delivered the fixes being reported, while a
    /// `locationManager(_:didUpdateLocations:)` call (or another callback those fixes caused) runs; the clock's
    /// current time otherwise.
    ///
    /// **Linux only.** Ages measured against it are the same on every run of a replay: a replay as fast as
    /// possible moves its virtual clock on while earlier fixes still wait on the callback thread, so `clock.now`
    /// read inside a callback depends on scheduling, and this does not. Read it on the callback thread.
    public var eventTime: Date { engine.eventTime ?? engine.clock.now }

    /// Runs `block` on the manager's callback thread after every event its provider delivered before this call,
    /// in order with them.
    ///
    /// **Linux only.** For work timed on ``clock`` that must come after the fixes of the time before it: a timer of a
    /// replay as fast as possible fires on the replay's thread when the virtual time passes, while fixes delivered
    /// before that time may still wait for the callback thread, so a block queued on the callback queue from the
    /// timer could run before them or after later ones depending on scheduling; handed over with this method it
    /// runs after the first and before the second on every run, as the manager's own `requestLocation()` timeout
    /// does. The block runs where the delegate's callbacks run (the configuration's callback queue, or the run loop
    /// of the thread that made the manager), also after the manager is stopped or released. Thread-safe.
    ///
    /// - Parameter block: The work to run.
    public func performAfterDeliveredEvents(_ block: @escaping @Sendable () -> Void) {
        engine.mailbox.perform(block)
    }

    /// The move in metres that makes a significant change: 500 by default, Apple's published figure; values
    /// ≤ 0 accept every fix that passes the interval.
    ///
    /// **Linux only.**
    public var significantChangeDistance: CLLocationDistance {
        get { engine.settings(\.significantChangeDistance) }
        set { engine.updateSettings { $0.significantChangeDistance = newValue } }
    }

    /// The least time in seconds, on the manager's ``clock``, between two significant-change fixes: 300 by
    /// default (5 minutes, Apple's published figure); values ≤ 0 remove the limit.
    ///
    /// **Linux only.**
    public var significantChangeInterval: TimeInterval {
        get { engine.settings(\.significantChangeInterval) }
        set { engine.updateSettings { $0.significantChangeInterval = newValue } }
    }
}
