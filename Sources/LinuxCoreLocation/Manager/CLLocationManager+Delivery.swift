extension CLLocationManager {
    /// The fixes this manager dropped without delivering them because its callback thread fell behind a live
    /// provider; 0 while it keeps up.
    ///
    /// **Linux only.** A callback thread holds at most 256 provider events waiting for it (a run loop that does
    /// not run, a queue kept busy), whatever the number of managers on it. When a live source (gpsd, a receiver,
    /// GeoClue) delivers more, its oldest waiting event is dropped — its fixes are counted here, for each manager
    /// it was for — so that the newest fixes are delivered and memory stays bounded; the first drop in the process
    /// is told on standard error. Replays are not dropped: they wait until the thread takes their events. Any
    /// thread may read it.
    public var droppedLocationCount: Int { engine.state.withLock { $0.droppedLocations } }
}
