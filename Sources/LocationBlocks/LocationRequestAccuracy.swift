import LinuxCoreLocation

/// How accurate and how recent a fix must be to complete a one-shot request of ``LocationRequestCenter``.
///
/// Both bounds are inclusive: a fix meets the level when its horizontal accuracy is valid (≥ 0) and at most
/// ``horizontalAccuracy`` metres, and the magnitude of its age (its timestamp against the manager's clock) is
/// at most ``maximumAge`` seconds — so a fix stamped in the future by more than that does not count either.
/// The named levels are INTULocationManager's (`INTULocationAccuracyCity` … `Room`).
public struct LocationRequestAccuracy: Sendable, Hashable, CustomStringConvertible {
    /// The largest accepted horizontal accuracy in metres, inclusive.
    public var horizontalAccuracy: CLLocationAccuracy
    /// The largest accepted age in seconds, inclusive.
    public var maximumAge: TimeInterval

    /// Creates a custom level.
    ///
    /// - Parameters:
    ///   - horizontalAccuracy: Metres, > 0.
    ///   - maximumAge: Seconds, ≥ 0.
    public init(horizontalAccuracy: CLLocationAccuracy, maximumAge: TimeInterval) {
        self.horizontalAccuracy = horizontalAccuracy
        self.maximumAge = maximumAge
    }

    /// 5000 m or better, at most 10 minutes old.
    public static let city = LocationRequestAccuracy(horizontalAccuracy: 5000, maximumAge: 600)
    /// 1000 m or better, at most 5 minutes old.
    public static let neighborhood = LocationRequestAccuracy(horizontalAccuracy: 1000, maximumAge: 300)
    /// 100 m or better, at most 1 minute old.
    public static let block = LocationRequestAccuracy(horizontalAccuracy: 100, maximumAge: 60)
    /// 15 m or better, at most 15 seconds old.
    public static let house = LocationRequestAccuracy(horizontalAccuracy: 15, maximumAge: 15)
    /// 5 m or better, at most 5 seconds old.
    public static let room = LocationRequestAccuracy(horizontalAccuracy: 5, maximumAge: 5)

    /// The named levels, most demanding first.
    public static let namedLevels: [LocationRequestAccuracy] = [.room, .house, .block, .neighborhood, .city]

    /// Whether `fix` meets this level at the time `now`.
    public func isMet(by fix: CLLocation, at now: Date) -> Bool {
        fix.horizontalAccuracy >= 0 && fix.horizontalAccuracy <= horizontalAccuracy
            && abs(fix.timestamp.timeIntervalSince(now)) <= maximumAge
    }

    /// The most demanding named level `fix` meets at `now`, or `nil` when it meets none (or there is no fix).
    public static func achieved(by fix: CLLocation?, at now: Date) -> LocationRequestAccuracy? {
        guard let fix else { return nil }
        return namedLevels.first { $0.isMet(by: fix, at: now) }
    }

    /// `city`, `house`, … for the named levels, else `≤H m, ≤A s`.
    public var description: String {
        let names: [LocationRequestAccuracy: String] = [
            .city: "city", .neighborhood: "neighborhood", .block: "block", .house: "house", .room: "room",
        ]
        return names[self] ?? "≤\(horizontalAccuracy) m, ≤\(maximumAge) s"
    }
}
