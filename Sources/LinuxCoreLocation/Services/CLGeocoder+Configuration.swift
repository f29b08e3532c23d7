import Foundation

extension CLGeocoder {
    /// Why `service`, in the form of `CORELOCATION_GEOCODER`, names no geocoding service a request could use; `nil`
    /// when it names one, and when it is `nil` or empty (no service: requests find no result).
    ///
    /// **Linux only.** For a program that wants a misconfiguration reported as an error when it starts, rather than
    /// as each request's `CLError(.network)`: checks the form (`https://HOST[/PATH]`, `http://…`, `geonames:PATH`)
    /// and, for `geonames:`, reads the file, as the first request would (once per process: the requests then use what
    /// was read), so that a file that is missing, not a regular file, empty or of another format is said now. A server
    /// is not contacted. Thread-safe; blocks while the file is read (a second or so for `cities500.txt`).
    ///
    /// - Parameter service: A `CORELOCATION_GEOCODER` value.
    /// - Returns: The problem: its kind (a malformed value, a file that cannot be read, a file that is no GeoNames
    ///   file) and the reason, as the requests' errors word it (`CORELOCATION_GEOCODER=bogus names no geocoding
    ///   service; use …`, `CORELOCATION_GEOCODER=geonames:/x: cannot read the file: No such file or directory`,
    ///   `CORELOCATION_GEOCODER=geonames:/etc/passwd: not a GeoNames file: no line is a place (line 1: …)`); or `nil`.
    public static func configurationProblem(forService service: String?) -> GeocoderConfigurationProblem? {
        switch GeocodingServices.choice(for: service) {
        case .none: return nil
        case .invalid(let reason): return .init(.malformedValue, "CORELOCATION_GEOCODER=\(service ?? "") \(reason)")
        case .service(let chosen as GeoNamesGeocoder): return chosen.problem
        case .service: return nil
        }
    }
}
