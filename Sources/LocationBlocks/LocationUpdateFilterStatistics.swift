import LinuxCoreLocation

/// What a manager's update filters let through and dropped, and why: the answer to "why do my blocks get
/// nothing?".
///
/// **Linux only** (the pod counts nothing). Read it with
/// ``LinuxCoreLocation/CLLocationManager/updateFilterStatistics``. Counts start at zero when the manager's
/// ``CLLocationManagerBlocks`` is made and only grow; every fix reported to `locationManager(_:didUpdateLocations:)` is
/// counted once, whether or not an update block is set.
public struct LocationUpdateFilterStatistics: Sendable, Equatable {
    /// Fixes that passed both filters.
    public internal(set) var passed = 0
    /// Fixes dropped by ``LinuxCoreLocation/CLLocationManager/updateAccuracyFilter``: a horizontal accuracy over the
    /// filter, or invalid (negative) while the filter is on.
    public internal(set) var droppedByAccuracy = 0
    /// Fixes dropped by ``LinuxCoreLocation/CLLocationManager/updateLocationAgeFilter``.
    public internal(set) var droppedByAge = 0
    /// The horizontal accuracy in metres of the last fix the accuracy filter dropped (negative: invalid), or
    /// `nil` when it dropped none.
    public internal(set) var lastDroppedAccuracy: CLLocationAccuracy?
    /// The age in seconds of the last fix the age filter dropped, against the manager's event time: positive
    /// for a fix stamped in the past, negative for one stamped in the future; `nil` when it dropped none.
    public internal(set) var lastDroppedAge: TimeInterval?

    /// Creates empty statistics.
    public init() {}

    /// Every fix dropped, by either filter.
    public var dropped: Int { droppedByAccuracy + droppedByAge }

    /// Counts one verdict of the filters on `fix`; returns whether it passed.
    mutating func count(_ verdict: LocationUpdateFilter.Verdict, for fix: CLLocation, now: Date) -> Bool {
        switch verdict {
        case .passed:
            passed += 1
        case .droppedByAccuracy:
            droppedByAccuracy += 1
            lastDroppedAccuracy = fix.horizontalAccuracy
        case .droppedByAge:
            droppedByAge += 1
            lastDroppedAge = now.timeIntervalSince(fix.timestamp)
        }
        return verdict == .passed
    }
}
