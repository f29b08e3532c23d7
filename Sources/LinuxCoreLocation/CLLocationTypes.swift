/// A latitude or longitude in degrees (WGS-84).
///
/// Latitudes are valid in −90…90 (positive north), longitudes in −180…180 (positive east).
/// Source: Apple's CoreLocation documentation.
public typealias CLLocationDegrees = Double

/// The radius of uncertainty of a location, in metres.
///
/// A negative value means the value it qualifies is invalid. Source: Apple's CoreLocation documentation.
public typealias CLLocationAccuracy = Double

/// A speed in metres per second.
///
/// A negative value means the speed is invalid.
public typealias CLLocationSpeed = Double

/// The accuracy of a speed value, in metres per second.
///
/// A negative value means the speed is invalid.
public typealias CLLocationSpeedAccuracy = Double

/// A direction in degrees clockwise from true north (0…<360).
///
/// A negative value means the direction is invalid.
public typealias CLLocationDirection = Double

/// The accuracy of a direction, in degrees.
///
/// A negative value means the direction is invalid.
public typealias CLLocationDirectionAccuracy = Double

/// A distance in metres.
public typealias CLLocationDistance = Double

/// One axis of a raw magnetometer reading, in microteslas.
public typealias CLHeadingComponentValue = Double

/// The most significant value of a beacon identity, as in Apple's CoreLocation.
public typealias CLBeaconMajorValue = UInt16

/// The least significant value of a beacon identity, as in Apple's CoreLocation.
public typealias CLBeaconMinorValue = UInt16
