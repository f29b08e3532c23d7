import Foundation

/// What one geocoding request asks of a ``GeocodingService``.
enum GeocodeQuery: Sendable {
    /// The placemarks describing a location.
    case reverse(CLLocation, locale: Locale?)
    /// The places matching a free-form address; those inside `region` (a hint, as on Apple's platforms) first.
    case address(String, region: CLRegion?, locale: Locale?)

    /// Asks `service`, which gives up once `cancellation` is set; throws what it throws.
    func answer(
        from service: any GeocodingService, cancellation: GeocodeCancellation
    ) throws(CLError) -> [CLPlacemark] {
        switch self {
        case .reverse(let location, let locale):
            return try service.reverseGeocode(location, locale: locale, cancellation: cancellation)
        case .address(let text, let region, let locale):
            let placemarks = try service.geocode(text, locale: locale, cancellation: cancellation)
            guard let circle = region as? CLCircularRegion else { return placemarks }
            let inside = placemarks.filter { $0.location.map { circle.contains($0.coordinate) } ?? false }
            return inside + placemarks.filter { placemark in !inside.contains { $0 === placemark } }
        }
    }

    /// A postal address as one line, its parts joined by commas, street first; empty parts left out.
    static func text(of address: CNPostalAddress) -> String {
        [address.street, address.city, address.state, address.postalCode, address.country]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// An Address Book dictionary (keys `Street`, `City`, `State`, `ZIP`, `Country`, as Apple's deprecated
    /// `geocodeAddressDictionary` takes) as one line in that order; other keys and non-string values are ignored.
    static func text(of dictionary: [AnyHashable: Any]) -> String {
        ["Street", "City", "State", "ZIP", "Country"]
            .compactMap { dictionary[$0] as? String }
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
