extension CLLocationManager {
    /// The fixes this manager dropped without delivering them because its callback thread fell behind a live
    /// provider; 0 while it keeps up.
    ///
    /// **Linux only.** A manager holds at most 256 provider events waiting for its callback thread (a run loop
    /// that does not run, a queue kept busy). When a live source (gpsd, a receiver, GeoClue) delivers more,
    /// the oldest waiting event is dropped — a fix is counted here — so that the newest fixes are delivered
    /// and memory stays bounded; the first drop in the process is told on standard error. Replays are not
    /// dropped: they wait until the manager takes their events. Any thread may read it.
    public var droppedLocationCount: Int { engine.state.withLock { $0.droppedLocations } }
}
