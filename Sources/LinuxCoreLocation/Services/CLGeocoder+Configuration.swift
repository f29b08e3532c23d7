import Foundation

extension CLGeocoder {
    /// Why `service`, in the form of `CORELOCATION_GEOCODER`, names no geocoding service a request could use; `nil`
    /// when it names one, and when it is `nil` or empty (no service: requests find no result).
    ///
    /// **Linux only.** For a program that wants a misconfiguration reported as an error when it starts, rather than
    /// as each request's `CLError(.network)`: checks the form (`https://HOST[/PATH]`, `http://…`, `geonames:PATH`)
    /// and, for `geonames:`, that the file can be opened for reading; a server is not contacted and the file is not
    /// parsed. Thread-safe.
    ///
    /// - Parameter service: A `CORELOCATION_GEOCODER` value.
    /// - Returns: The problem: its kind (a malformed value, an unreadable file) and the reason, as the requests'
    ///   errors word it (`CORELOCATION_GEOCODER=bogus names no geocoding service; use …`,
    ///   `CORELOCATION_GEOCODER=geonames:/x: cannot read the file`); or `nil`.
    public static func configurationProblem(forService service: String?) -> GeocoderConfigurationProblem? {
        switch GeocodingServices.choice(for: service) {
        case .none: return nil
        case .invalid(let reason): return .init(.malformedValue, "CORELOCATION_GEOCODER=\(service ?? "") \(reason)")
        case .service(let chosen as GeoNamesGeocoder):
            let path = chosen.path
            guard !FileManager.default.isReadableFile(atPath: path) || GeoNamesGeocoder.isDirectory(path) else {
                return nil
            }
            return .init(.unreadableFile, GeoNamesGeocoder.unreadable(path))
        case .service: return nil
        }
    }
}
