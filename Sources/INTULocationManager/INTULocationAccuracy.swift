import LocationBlocks

/// How accurate and how recent a location is, or must be: a horizontal accuracy and an age, both inclusive.
///
/// ``room`` is the most demanding level, ``city`` the least; ``none`` is below every level and is not a valid
/// desired accuracy (a request asking for it is served as ``city``, as INTULocationManager does after its
/// assertion). The thresholds are the `kINTUHorizontalAccuracyThreshold…` and `kINTUUpdateTimeStaleThreshold…`
/// constants. Raw values as in INTULocationManager's `INTULocationAccuracy` (`NS_ENUM(NSInteger)`).
public enum INTULocationAccuracy: Int, Sendable {
    /// Worse than 5000 m, or older than 10 minutes.
    case none = 0
    /// 5000 m or better, at most 10 minutes old.
    case city = 1
    /// 1000 m or better, at most 5 minutes old.
    case neighborhood = 2
    /// 100 m or better, at most 1 minute old.
    case block = 3
    /// 15 m or better, at most 15 seconds old.
    case house = 4
    /// 5 m or better, at most 5 seconds old.
    case room = 5

    /// The level LocationBlocks judges with: `nil` for ``none``.
    var level: LocationRequestAccuracy? {
        switch self {
        case .none: nil
        case .city: .city
        case .neighborhood: .neighborhood
        case .block: .block
        case .house: .house
        case .room: .room
        }
    }

    /// The named level LocationBlocks reports, or ``none`` for `nil` (no location, or no level met).
    init(_ achieved: LocationRequestAccuracy?) {
        self =
            achieved.flatMap { achieved in
                [Self.room, .house, .block, .neighborhood, .city].first { $0.level == achieved }
            } ?? .none
    }
}
