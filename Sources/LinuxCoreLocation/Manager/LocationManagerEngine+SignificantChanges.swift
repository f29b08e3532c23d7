import Foundation

extension LocationManagerEngine {
    /// `startMonitoringSignificantLocationChanges()`.
    func startMonitoringSignificantChanges() {
        startService(\.significantChanges) { SignificantChangeFilter() }
    }

    /// `stopMonitoringSignificantLocationChanges()`.
    func stopMonitoringSignificantChanges() {
        stopService(\.significantChanges)
    }

    /// Whether significant-change monitoring, if running, delivers `fix`, with the manager's figures.
    static func significantChangeAccepts(_ fix: CLLocation, state: inout State, now: Date) -> Bool {
        let (distance, interval) = (state.settings.significantChangeDistance, state.settings.significantChangeInterval)
        return state.significantChanges?.accept(fix, at: now, minimumDistance: distance, minimumInterval: interval)
            ?? false
    }
}
