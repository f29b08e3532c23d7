import Foundation

/// The decision behind automatic pauses of location updates: when the device has stood still long enough
/// for its activity, and when it moves again.
///
/// The detector keeps an *anchor*: a fix and the time it came. A later fix has **moved** when the whole of
/// its uncertainty circle lies beyond ``stationaryRadius`` of the anchor (`d − a > 25 m`, as in
/// ``RegionHysteresis``); a moved fix becomes the new anchor. When no fix has moved for
/// ``stationaryTime(for:)`` seconds on the manager's clock, updates pause; the first moved fix while paused
/// resumes them. Time is measured on fixes: the pause is decided by the first fix at or after the deadline.
struct PauseDetector {
    /// How far the device may wander and still count as standing still, in metres: GPS noise of a stationary
    /// receiver stays well within it.
    static let stationaryRadius: CLLocationDistance = 25

    /// How long the device must stand still before updates pause, in seconds, by activity. Apple publishes no
    /// figures; these are Linux choices:
    /// - ``CLActivityType/automotiveNavigation``: 300 (5 min, longer than lights and most queues);
    /// - ``CLActivityType/otherNavigation``: 600 (10 min, trains and boats stand at stations and locks);
    /// - ``CLActivityType/fitness``: 600 (10 min, rests between efforts);
    /// - ``CLActivityType/airborne``: 900 (15 min, taxi queues and holding);
    /// - ``CLActivityType/other``: 300 (5 min).
    static func stationaryTime(for activity: CLActivityType) -> TimeInterval {
        switch activity {
        case .automotiveNavigation, .other: return 300
        case .otherNavigation, .fitness: return 600
        case .airborne: return 900
        }
    }

    /// A change of the paused state.
    enum Change: Equatable {
        case paused, resumed
    }

    private var anchor: (fix: CLLocation, since: Date)?
    /// Whether updates are paused.
    private(set) var isPaused = false

    /// Applies a fix received at `now`; returns the change it causes, if any.
    mutating func update(with fix: CLLocation, at now: Date, activity: CLActivityType) -> Change? {
        guard let anchor else {
            self.anchor = (fix, now)
            return nil
        }
        let distance = geodesicDistance(anchor.fix.coordinate, fix.coordinate)
        if distance - max(0, fix.horizontalAccuracy) > Self.stationaryRadius {
            self.anchor = (fix, now)
            guard isPaused else { return nil }
            isPaused = false
            return .resumed
        }
        guard !isPaused, now.timeIntervalSince(anchor.since) >= Self.stationaryTime(for: activity) else { return nil }
        isPaused = true
        return .paused
    }
}
