import Foundation

/// One place in a Nominatim answer (`format=jsonv2` with `addressdetails=1`), and its placemark.
///
/// Address keys follow Nominatim's `address` object: the first present of several keys fills each placemark
/// property (`city`, `town`, `village`… → ``CLPlacemark/locality``). Source: Nominatim's API documentation.
struct NominatimPlace: Decodable {
    let lat: String
    let lon: String
    let name: String?
    let displayName: String?
    let address: [String: String]?

    private enum CodingKeys: String, CodingKey {
        case lat, lon, name, address
        case displayName = "display_name"
    }

    /// The placemarks of a `/reverse` answer: one, or none when the server says it has no address there.
    static func placemarks(fromReverse data: Data) throws(CLError) -> [CLPlacemark] {
        if let refusal = try? JSONDecoder().decode([String: String].self, from: data), refusal["error"] != nil {
            throw CLError(.geocodeFoundNoResult)
        }
        guard let place = try? JSONDecoder().decode(NominatimPlace.self, from: data) else {
            throw .geocodingFailed("geocoding server: /reverse answered something other than Nominatim's JSON")
        }
        return [try place.placemark()]
    }

    /// The placemarks of a `/search` answer, best first; `geocodeFoundNoResult` when it is empty.
    static func placemarks(fromSearch data: Data) throws(CLError) -> [CLPlacemark] {
        guard let places = try? JSONDecoder().decode([NominatimPlace].self, from: data) else {
            throw .geocodingFailed("geocoding server: /search answered something other than a JSON array of places")
        }
        let placemarks = places.compactMap { try? $0.placemark() }
        guard !placemarks.isEmpty else { throw CLError(.geocodeFoundNoResult) }
        return placemarks
    }

    /// The placemark of this place; throws `network` for coordinates that are not numbers in range.
    func placemark() throws(CLError) -> CLPlacemark {
        guard let latitude = Double(lat), let longitude = Double(lon),
            CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
        else {
            throw .geocodingFailed("geocoding server: a place's lat/lon (\(lat), \(lon)) are not a valid coordinate")
        }
        let address = address ?? [:]
        func first(_ keys: String...) -> String? { keys.lazy.compactMap { address[$0] }.first }
        var texts: [CLPlacemark.Key: String] = [:]
        texts[.thoroughfare] = first("road", "pedestrian", "footway", "path", "cycleway", "square")
        texts[.subThoroughfare] = first("house_number")
        texts[.locality] = first("city", "town", "village", "hamlet", "municipality")
        texts[.subLocality] = first("suburb", "neighbourhood", "quarter", "city_district")
        texts[.administrativeArea] = first("state", "province", "region")
        texts[.subAdministrativeArea] = first("county", "state_district")
        texts[.postalCode] = first("postcode")
        texts[.country] = first("country")
        texts[.isoCountryCode] = first("country_code")?.uppercased()
        let street = [texts[.subThoroughfare], texts[.thoroughfare]].compactMap { $0 }.joined(separator: " ")
        texts[.name] =
            [name, street, displayName?.components(separatedBy: ",").first]
            .compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        return CLPlacemark(
            location: CLLocation(latitude: latitude, longitude: longitude),
            texts: texts.compactMapValues(GeocodedText.clean))
    }
}
