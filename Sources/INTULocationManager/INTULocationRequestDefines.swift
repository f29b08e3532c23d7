import LinuxCoreLocation

// The types and constants of INTULocationManager 4.4's `INTULocationRequestDefines.h`, as Swift imports them.

/// Identifies one location request or subscription of an ``INTULocationManager``, to force-complete or cancel it.
///
/// Numbers start at 1 and grow with each request of the manager; a number that names no pending request is
/// ignored. Source: INTULocationManager's `INTULocationRequestID` (`NSInteger`).
public typealias INTULocationRequestID = Int

/// Identifies one heading subscription of an ``INTULocationManager``, to cancel it.
///
/// Numbered with the location requests of the same manager. Source: INTULocationManager's `INTUHeadingRequestID`.
public typealias INTUHeadingRequestID = Int

/// A heading filter in degrees: the change needed before a new heading is delivered.
///
/// Source: INTULocationManager's `INTUHeadingFilterAccuracy` (`CLLocationDegrees`).
public typealias INTUHeadingFilterAccuracy = CLLocationDegrees

/// The block a location request completes with, or a subscription hears each update with.
///
/// - Parameters:
///   - currentLocation: The most recent location: the fix that met the level on success, the newest
///     location otherwise (whatever its accuracy); `nil` when there is none. Closures may type it
///     `CLLocation!` or `CLLocation?`.
///   - achievedAccuracy: The most demanding level that location meets when the block is called
///     (``INTULocationAccuracy/none`` when none, or without a location).
///   - status: How the request ended, or ``INTULocationStatus/success`` for a subscription's update.
///
/// Runs on the main queue (or the queue of the manager's configuration, **Linux only**), never before the request's
/// ID is returned. Source: INTULocationManager's `INTULocationRequestBlock`.
public typealias INTULocationRequestBlock = (
    _ currentLocation: CLLocation?, _ achievedAccuracy: INTULocationAccuracy, _ status: INTULocationStatus
) -> Void

/// The block a heading subscription hears each heading with.
///
/// - Parameters:
///   - currentHeading: The heading, or `nil` with a status other than ``INTUHeadingStatus/success``.
///   - status: ``INTUHeadingStatus/success``, ``INTUHeadingStatus/invalid`` for a heading without a true
///     heading, or ``INTUHeadingStatus/unavailable`` (the subscription then ends).
///
/// Runs where location request blocks run. Source: INTULocationManager's `INTUHeadingRequestBlock`.
public typealias INTUHeadingRequestBlock = (_ currentHeading: CLHeading?, _ status: INTUHeadingStatus) -> Void

/// The horizontal accuracy, in metres, a location must have (or better) for ``INTULocationAccuracy/city``: 5000.
public let kINTUHorizontalAccuracyThresholdCity: CLLocationAccuracy = 5000
/// The horizontal accuracy, in metres, a location must have (or better) for ``INTULocationAccuracy/neighborhood``:
/// 1000.
public let kINTUHorizontalAccuracyThresholdNeighborhood: CLLocationAccuracy = 1000
/// The horizontal accuracy, in metres, a location must have (or better) for ``INTULocationAccuracy/block``: 100.
public let kINTUHorizontalAccuracyThresholdBlock: CLLocationAccuracy = 100
/// The horizontal accuracy, in metres, a location must have (or better) for ``INTULocationAccuracy/house``: 15.
public let kINTUHorizontalAccuracyThresholdHouse: CLLocationAccuracy = 15
/// The horizontal accuracy, in metres, a location must have (or better) for ``INTULocationAccuracy/room``: 5.
public let kINTUHorizontalAccuracyThresholdRoom: CLLocationAccuracy = 5

/// The age, in seconds, a location may have at most for ``INTULocationAccuracy/city``: 600 (10 minutes).
public let kINTUUpdateTimeStaleThresholdCity: TimeInterval = 600
/// The age, in seconds, a location may have at most for ``INTULocationAccuracy/neighborhood``: 300 (5 minutes).
public let kINTUUpdateTimeStaleThresholdNeighborhood: TimeInterval = 300
/// The age, in seconds, a location may have at most for ``INTULocationAccuracy/block``: 60.
public let kINTUUpdateTimeStaleThresholdBlock: TimeInterval = 60
/// The age, in seconds, a location may have at most for ``INTULocationAccuracy/house``: 15.
public let kINTUUpdateTimeStaleThresholdHouse: TimeInterval = 15
/// The age, in seconds, a location may have at most for ``INTULocationAccuracy/room``: 5.
public let kINTUUpdateTimeStaleThresholdRoom: TimeInterval = 5
