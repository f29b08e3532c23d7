// Subclasses written the way iOS apps and test suites write them: their own initializers call one of the
// superclass's initializers that Swift imports as designated from Apple's headers (CLLocation and
// CLBeaconRegion mark none, so every `initWith…` is designated; CLLocationManager and CLGeocoder get `init()`
// from NSObject). They must compile unchanged with only the import switched.
#if canImport(CoreLocation)
    import CoreLocation
#else
    import LinuxCoreLocation
#endif

/// A location with a name, forwarding to `init(latitude:longitude:)`.
final class BusStop: CLLocation, @unchecked Sendable {
    let stopName: String

    init(name: String, latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        stopName = name
        super.init(latitude: latitude, longitude: longitude)
    }

    required init?(coder: NSCoder) {
        stopName = ""
        super.init(coder: coder)
    }
}

/// A location forwarding to the initializer with course and speed.
final class TimedFix: CLLocation, @unchecked Sendable {
    init(coordinate: CLLocationCoordinate2D, at date: Date) {
        super.init(
            coordinate: coordinate, altitude: 35, horizontalAccuracy: 8, verticalAccuracy: 12, course: 90,
            speed: 1.4, timestamp: date)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A location overriding one of Apple's designated initializers.
final class TaggedLocation: CLLocation, @unchecked Sendable {
    override init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        super.init(latitude: latitude, longitude: longitude)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A beacon region forwarding to `init(uuid:identifier:)`.
final class ShopBeaconRegion: CLBeaconRegion, @unchecked Sendable {
    init(shop: String) {
        super.init(uuid: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), identifier: shop)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A manager double in the shape iOS test suites use: `override init()` and overridden members.
final class InitOverridingManager: CLLocationManager {
    var mockLocation: CLLocation?
    var didStart = false

    override init() {
        super.init()
    }

    override var location: CLLocation? { mockLocation }
    override var authorizationStatus: CLAuthorizationStatus { .authorizedWhenInUse }
    override func startUpdatingLocation() { didStart = true }
    override class func authorizationStatus() -> CLAuthorizationStatus { .authorizedAlways }
}

/// A geocoder double that answers with a fixed placemark.
final class MockGeocoder: CLGeocoder, @unchecked Sendable {
    override init() {
        super.init()
    }

    override func reverseGeocodeLocation(
        _ location: CLLocation, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        completionHandler([MockPlacemark()], nil)
    }
}

/// iOS 4-era code: a circular region made with `CLRegion`'s deprecated initializer.
func oldStyleRegion() -> CLRegion {
    CLRegion(circularRegionWithCenter: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 10, identifier: "old")
}
