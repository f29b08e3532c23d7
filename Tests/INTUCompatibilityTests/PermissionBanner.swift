// Written the way Swift apps use INTULocationManager on iOS; only `import CoreLocation` differs.
import INTULocationManager

/// Explains the state of location services before asking for anything.
enum PermissionBanner {
    static func text(for state: INTULocationServicesState) -> String {
        switch state {
        case .available: return "Ready"
        case .notDetermined: return "We will ask for your location"
        case .denied: return "Location access denied"
        case .restricted: return "Location access restricted"
        case .disabled: return "Location Services are off"
        @unknown default: return "Unknown"
        }
    }

    static var current: String {
        text(for: INTULocationManager.locationServicesState())
    }

    /// Apps that track in the background ask for Always.
    static func prepareForBackgroundTracking(_ manager: INTULocationManager = INTULocationManager.sharedInstance()) {
        manager.preferredAuthorizationType = .always
    }

    static func describe(_ accuracy: INTULocationAccuracy) -> String {
        switch accuracy {
        case .none: return "none"
        case .city: return "city \(kINTUHorizontalAccuracyThresholdCity) m \(kINTUUpdateTimeStaleThresholdCity) s"
        case .neighborhood: return "neighborhood \(kINTUHorizontalAccuracyThresholdNeighborhood) m"
        case .block: return "block \(kINTUHorizontalAccuracyThresholdBlock) m"
        case .house: return "house \(kINTUHorizontalAccuracyThresholdHouse) m"
        case .room: return "room \(kINTUHorizontalAccuracyThresholdRoom) m \(kINTUUpdateTimeStaleThresholdRoom) s"
        @unknown default: return "?"
        }
    }
}
