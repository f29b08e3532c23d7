extension LocationManagerEngine {
    /// `startMonitoringVisits()`: turns visit monitoring on for the whole app, as Apple's `startMonitoringVisits()`
    /// page documents (enabling visit events for one manager enables them for every other manager of the app).
    ///
    /// Every manager of the app, and every manager made for it later, runs a dwell detector on the fixes it gets
    /// (one already running keeps its dwell), and reports its visits to its delegate.
    func startMonitoringVisits() {
        app.setMonitorsVisits(true)
        startVisitDetector()
        reportIfUnusable()
        updateProviderNeed()
        for engine in app.managers where engine !== self {
            engine.startVisitDetector()
            engine.updateProviderNeed()
        }
    }

    /// `stopMonitoringVisits()`: turns visit monitoring off for the whole app; every manager forgets its dwell, and no
    /// visit callback follows on a manager's callback thread.
    func stopMonitoringVisits() {
        app.setMonitorsVisits(false)
        stopService(\.visits)
        for engine in app.managers where engine !== self { engine.stopService(\.visits) }
    }

    /// On joining the app: starts the manager's dwell detector when the app monitors visits.
    func joinVisitMonitoring() {
        if app.monitorsVisits { startVisitDetector() }
    }

    /// Starts this manager's dwell detector; one already running keeps its dwell.
    private func startVisitDetector() {
        state.withLock { state in
            if state.visits == nil { state.visits = VisitDetector() }
        }
    }
}
