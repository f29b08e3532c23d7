// Constants with Apple's values (CLLocation.h and CLLocationManager.h).

/// Desired accuracy for navigation: the best the provider can give, with extra sensors where present.
///
/// Apple's value: −2. A sentinel, not a distance in metres.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2

/// Desired accuracy: the best the provider can give.
///
/// Apple's value: −1. A sentinel, not a distance in metres.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1

/// Desired accuracy within ten metres.
///
/// Apple's value: 10.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10

/// Desired accuracy within one hundred metres.
///
/// Apple's value: 100.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100

/// Desired accuracy within one kilometre.
///
/// Apple's value: 1000.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000

/// Desired accuracy within three kilometres.
///
/// Apple's value: 3000.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000

/// Desired accuracy when the app has only reduced-accuracy authorization.
///
/// Apple declares this constant `extern` without documenting its value; on iOS 14 and later it reads 3000,
/// the same as ``kCLLocationAccuracyThreeKilometers``, and this mirror uses that value so comparisons behave alike.
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000

/// Distance filter value that delivers every fix.
///
/// Apple's value: −1.
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// Heading filter value that delivers every heading.
///
/// Apple's value: −1.
public let kCLHeadingFilterNone: CLLocationDegrees = -1

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The largest distance, in metres: `Double.greatestFiniteMagnitude`, as in Apple's SDK.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The largest time interval, in seconds: `Double.greatestFiniteMagnitude`, as in Apple's SDK.
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude

/// An invalid coordinate: latitude −180, longitude −180, as in Apple's SDK.
///
/// ``CLLocationCoordinate2DIsValid(_:)`` returns `false` for it.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// The error domain of ``CLError`` when bridged to `NSError`: `"kCLErrorDomain"`, as in Apple's SDK.
public let kCLErrorDomain = "kCLErrorDomain"

/// The `userInfo` key under which a ``CLError`` carries an alternate region, as in Apple's SDK.
public let kCLErrorUserInfoAlternateRegionKey = "alternateRegion"
