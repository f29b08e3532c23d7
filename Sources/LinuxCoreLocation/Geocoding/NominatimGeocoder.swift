import Foundation

/// Geocoding through a server that speaks Nominatim's API: `GET /reverse` and `GET /search` answering JSON
/// (`format=jsonv2`, `addressdetails=1`).
///
/// The server is the user's choice (`CORELOCATION_GEOCODER=https://…`): a public instance, whose usage policy
/// asks for an identifying User-Agent and at most one request per second, or one of their own. Source:
/// Nominatim's API documentation (`/reverse`, `/search`, the `address` object).
struct NominatimGeocoder: GeocodingService {
    /// The server's base URL, to which `/reverse` and `/search` are appended.
    let base: URL
    /// How long a request may take in all, in seconds.
    var timeout: TimeInterval = 15

    /// The largest reply accepted, in bytes: 1 MiB, a hundred times a `/search` answer of ten places with
    /// their addresses; a larger reply is cancelled as it arrives and the request fails with `network`.
    static let maximumReplySize = 1 << 20

    func reverseGeocode(
        _ location: CLLocation, locale: Locale?, cancellation: GeocodeCancellation
    ) throws(CLError) -> [CLPlacemark] {
        let query = [
            URLQueryItem(name: "lat", value: String(location.coordinate.latitude)),
            URLQueryItem(name: "lon", value: String(location.coordinate.longitude)),
        ]
        let data = try fetch("reverse", query, locale: locale, cancellation: cancellation)
        return try NominatimPlace.placemarks(fromReverse: data)
    }

    func geocode(_ address: String, locale: Locale?, cancellation: GeocodeCancellation) throws(CLError) -> [CLPlacemark]
    {
        let data = try fetch(
            "search", [URLQueryItem(name: "q", value: address)], locale: locale, cancellation: cancellation)
        return try NominatimPlace.placemarks(fromSearch: data)
    }

    /// One GET of `path` with the query, waiting for the answer; the body of a 200 answer of at most
    /// ``maximumReplySize`` bytes, received within ``timeout`` seconds; `CLError(.geocodeCanceled)`, said nowhere else,
    /// once `cancellation` is set.
    private func fetch(
        _ path: String, _ query: [URLQueryItem], locale: Locale?, cancellation: GeocodeCancellation
    ) throws(CLError) -> Data {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        let items =
            (components?.queryItems ?? []) + query + [
                URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "addressdetails", value: "1"),
            ]
        components?.queryItems = items
        guard let url = components?.url else { throw .geocodingFailed("geocoding server \(base): not a valid URL") }
        var headers = ["User-Agent: LinuxCoreLocation CLGeocoder"]
        // A header line must not be able to carry another: only a plain language code is sent.
        if let language = (locale ?? Locale.current).language.languageCode?.identifier,
            language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
            headers.append("Accept-Language: \(language)")
        }
        let outcome = BoundedFetch.get(
            url, headers: headers, limit: Self.maximumReplySize, deadline: timeout, cancellation: cancellation)
        switch outcome {
        case .body(let data): return data
        case .cancelled: throw CLError(.geocodeCanceled)
        case .failed(let reason): throw .geocodingFailed("geocoding server \(url.host ?? "?"): \(reason)")
        }
    }
}
