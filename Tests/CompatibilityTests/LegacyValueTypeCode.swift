// Code written the way iOS apps write it against Apple's CoreLocation. It must compile unchanged with only
// the import switched; the tests below run it.
#if canImport(CoreLocation)
    import CoreLocation
#else
    import LinuxCoreLocation
#endif

// Apps often add Equatable to the coordinate struct themselves; that must not clash with the mirror.
extension CLLocationCoordinate2D: Equatable {
    /// Coordinates are equal when both parts are.
    public static func == (lhs: CLLocationCoordinate2D, rhs: CLLocationCoordinate2D) -> Bool {
        lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude
    }
}

// A convenience initializer added in an extension, as apps do for fixtures.
extension CLLocation {
    convenience init(fixtureLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, speed: Double) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 5, verticalAccuracy: 5, course: 0, speed: speed, timestamp: Date())
    }
}

/// An NSObject subclass holding location state, as view models in iOS apps do.
final class LegacyPlaceStore: NSObject {
    var places: Set<CLRegion> = []
    var lastStatus: CLAuthorizationStatus = .notDetermined

    /// A switch over every case without `default`, as apps write it; adding a case would break it.
    func describe(_ status: CLAuthorizationStatus) -> String {
        switch status {
        case .notDetermined: return "ask"
        case .restricted: return "restricted"
        case .denied: return "denied"
        case .authorizedAlways: return "always"
        case .authorizedWhenInUse: return "in use"
        }
    }

    /// Error handling in the three styles apps use.
    func message(for error: Error) -> String {
        if let clError = error as? CLError {
            switch clError.code {
            case .denied: return "Location access denied"
            case .locationUnknown: return "Searching…"
            default: return "Location error \(clError.code.rawValue)"
            }
        }
        let nsError = error as NSError
        if nsError.domain == kCLErrorDomain && nsError.code == CLError.network.rawValue {
            return "Network"
        }
        return error.localizedDescription
    }

    func remember(_ region: CLRegion) {
        places.insert(region)
    }
}
