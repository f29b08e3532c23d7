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
    public var eventTime: Date { engine.state.withLock { $0.eventTime } ?? engine.clock.now }
}
