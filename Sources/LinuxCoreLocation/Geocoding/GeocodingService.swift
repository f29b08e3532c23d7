import Foundation

/// Where ``CLGeocoder`` gets its answers on Linux: a service that turns coordinates into placemarks and
/// addresses into coordinates.
///
/// Implementations may block (a file read, an HTTP round trip); the geocoder calls them on a global queue. One that
/// waits (for a server) gives up once the request's `cancellation` is set, throwing `CLError(.geocodeCanceled)`.
protocol GeocodingService: Sendable {
    /// The placemarks describing `location`, nearest first; throws a ``CLError``.
    func reverseGeocode(
        _ location: CLLocation, locale: Locale?, cancellation: GeocodeCancellation
    ) throws(CLError) -> [CLPlacemark]
    /// The placemarks matching a free-form address, best first; throws a ``CLError``.
    func geocode(_ address: String, locale: Locale?, cancellation: GeocodeCancellation) throws(CLError) -> [CLPlacemark]
}

/// The geocoding service named by a `CORELOCATION_GEOCODER` value.
enum GeocodingServices {
    /// What a setting names: a service, nothing, or a mistake to report.
    enum Choice: Sendable {
        case service(any GeocodingService)
        case none
        case invalid(String)
    }

    /// Parses a `CORELOCATION_GEOCODER` value: `https://HOST[/PATH]` or `http://…` for a Nominatim-style
    /// server, `geonames:PATH` for a GeoNames `cities*.txt` file; empty or `nil` for none.
    static func choice(for setting: String?) -> Choice {
        guard let setting = setting?.trimmingCharacters(in: .whitespaces), !setting.isEmpty else { return .none }
        if setting.hasPrefix("geonames:") {
            let path = String(setting.dropFirst("geonames:".count))
            guard !path.isEmpty else { return .invalid("needs a file, as in geonames:/path/cities500.txt") }
            return .service(GeoNamesGeocoder.shared(path: path))
        }
        if let url = URL(string: setting), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            url.host?.isEmpty == false
        {
            return .service(NominatimGeocoder(base: url))
        }
        return .invalid(
            "names no geocoding service; use https://HOST[/PATH] for a Nominatim server "
                + "or geonames:/path/cities500.txt for a GeoNames file")
    }
}

extension CLError {
    /// `CLError(.network)` for a geocoding service that failed, saying why (in its description, and once on
    /// standard error), so that an HTTP error or a bad file does not read like a location provider's failure.
    static func geocodingFailed(_ reason: String) -> CLError {
        Diagnostics.warn(reason)
        return CLError(
            .network, userInfo: [NSLocalizedFailureReasonErrorKey: "the geocoding service failed: \(reason)"])
    }
}
