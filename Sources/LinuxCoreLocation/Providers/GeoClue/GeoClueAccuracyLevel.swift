/// How precise a location a GeoClue client asks for: GeoClue's `GClueAccuracyLevel`, which also decides the sources it
/// uses (GPS only for ``exact``) and what an agent is asked to allow.
///
/// **Linux only.**
///
/// The provider protocol carries no `desiredAccuracy`, so the level comes from the provider URI's `accuracy`
/// parameter, ``exact`` when absent. Source: GeoClue 2 API reference, `GClueAccuracyLevel`.
public enum GeoClueAccuracyLevel: UInt32, Sendable, CaseIterable {
    /// No location at all (GeoClue's `NONE`); a client with it gets nothing.
    case none = 0
    /// Country level, from IP address geolocation.
    case country = 1
    /// City level, roughly 15 km.
    case city = 4
    /// Neighbourhood level, roughly 1 km.
    case neighborhood = 5
    /// Street level, roughly 100 m (Wi-Fi).
    case street = 6
    /// The best there is, GPS included.
    case exact = 8

    /// The name used in provider URIs: `none`, `country`, `city`, `neighborhood`, `street`, `exact`.
    public var name: String {
        switch self {
        case .none: "none"
        case .country: "country"
        case .city: "city"
        case .neighborhood: "neighborhood"
        case .street: "street"
        case .exact: "exact"
        }
    }

    /// The level named `name` (also `neighbourhood`), or `nil`.
    public init?(name: String) {
        if name == "neighbourhood" {
            self = .neighborhood
            return
        }
        guard let level = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = level
    }
}
