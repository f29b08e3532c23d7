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
    /// - Returns: The reason, as the requests' errors word it
    ///   (`CORELOCATION_GEOCODER=bogus names no geocoding service; use …`,
    ///   `CORELOCATION_GEOCODER=geonames:/x: cannot read the file`), or `nil`.
    public static func configurationProblem(forService service: String?) -> String? {
        switch GeocodingServices.choice(for: service) {
        case .none: return nil
        case .invalid(let reason): return "CORELOCATION_GEOCODER=\(service ?? "") \(reason)"
        case .service(let chosen as GeoNamesGeocoder):
            return FileManager.default.isReadableFile(atPath: chosen.path) && !Self.isDirectory(chosen.path)
                ? nil : "CORELOCATION_GEOCODER=geonames:\(chosen.path): cannot read the file"
        case .service: return nil
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
