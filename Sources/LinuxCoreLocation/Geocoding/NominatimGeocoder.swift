import Foundation
import FoundationNetworking

/// Geocoding through a server that speaks Nominatim's API: `GET /reverse` and `GET /search` answering JSON
/// (`format=jsonv2`, `addressdetails=1`).
///
/// The server is the user's choice (`CORELOCATION_GEOCODER=https://…`): a public instance, whose usage policy
/// asks for an identifying User-Agent and at most one request per second, or one of their own. Source:
/// Nominatim's API documentation (`/reverse`, `/search`, the `address` object).
struct NominatimGeocoder: GeocodingService {
    /// The server's base URL, to which `/reverse` and `/search` are appended.
    let base: URL
    /// How long a request may take, in seconds.
    var timeout: TimeInterval = 15

    func reverseGeocode(_ location: CLLocation, locale: Locale?) throws(CLError) -> [CLPlacemark] {
        let query = [
            URLQueryItem(name: "lat", value: String(location.coordinate.latitude)),
            URLQueryItem(name: "lon", value: String(location.coordinate.longitude)),
        ]
        let data = try fetch("reverse", query, locale: locale)
        return try NominatimPlace.placemarks(fromReverse: data)
    }

    func geocode(_ address: String, locale: Locale?) throws(CLError) -> [CLPlacemark] {
        let data = try fetch("search", [URLQueryItem(name: "q", value: address)], locale: locale)
        return try NominatimPlace.placemarks(fromSearch: data)
    }

    /// One GET of `path` with the query, waiting for the answer; the body of a 200 answer.
    private func fetch(_ path: String, _ query: [URLQueryItem], locale: Locale?) throws(CLError) -> Data {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        let items =
            (components?.queryItems ?? []) + query + [
                URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "addressdetails", value: "1"),
            ]
        components?.queryItems = items
        guard let url = components?.url else { throw .geocodingFailed("geocoding server \(base): not a valid URL") }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("LinuxCoreLocation CLGeocoder", forHTTPHeaderField: "User-Agent")
        if let language = (locale ?? Locale.current).language.languageCode?.identifier {
            request.setValue(language, forHTTPHeaderField: "Accept-Language")
        }
        let answer = Protected<Result<Data, CLError>>(.failure(CLError(.network)))
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode
            answer.withLock { answer in
                if let data, error == nil, status == 200 {
                    answer = .success(data)
                } else {
                    let reason = error.map { "\($0.localizedDescription)" } ?? "HTTP status \(status ?? 0)"
                    answer = .failure(.geocodingFailed("geocoding server \(url.host ?? "?"): \(reason)"))
                }
            }
            done.signal()
        }.resume()
        done.wait()
        return try answer.withLock { $0 }.get()
    }
}
