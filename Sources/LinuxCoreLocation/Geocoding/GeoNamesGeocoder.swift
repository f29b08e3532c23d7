import Foundation
import LocationSupport

/// Offline geocoding from a GeoNames `cities*.txt` file that the user downloaded and names with
/// `CORELOCATION_GEOCODER=geonames:/path/cities500.txt`.
///
/// Reverse geocoding answers the nearest populated place (geodesic distance) within `maximumDistance` as
/// locality, administrative area and country, and no result beyond it; forward geocoding matches the first
/// comma-separated part of the address against the places' names, most populous first. An `admin1CodesASCII.txt` beside
/// the file turns administrative codes into names (`FR.11` → `Île-de-France`); without it the area is the code. The
/// file is read once, on the first request; lines that are not places are counted and skipped, and reported once on
/// standard error.
final class GeoNamesGeocoder: GeocodingService {
    /// The table of a file, or why it cannot be used.
    private struct Table {
        var cities: [GeoNamesCity] = []
        var admin1: [String: String] = [:]
    }

    let path: String
    private let table = Locked<Result<Table, CLError>?>(nil)

    private static let instances = Locked<[String: GeoNamesGeocoder]>([:])

    /// The geocoder of `path`, shared so that the file is read once per process.
    static func shared(path: String) -> GeoNamesGeocoder {
        instances.withLock { instances in
            if let existing = instances[path] { return existing }
            let made = GeoNamesGeocoder(path: path)
            instances[path] = made
            return made
        }
    }

    /// How far in metres the nearest place may be from the location asked about: 50 km.
    ///
    /// Farther (at sea, in a desert, beyond the file's coverage) the answer is `CLError(.geocodeFoundNoResult)`,
    /// as Apple answers for open water, rather than a town that is not where the device is.
    static let maximumDistance: CLLocationDistance = 50_000

    init(path: String) {
        self.path = path
    }

    func reverseGeocode(
        _ location: CLLocation, locale: Locale?, cancellation: GeocodeCancellation
    ) throws(CLError) -> [CLPlacemark] {
        let table = try loaded()
        let here = location.coordinate
        // The nearest by a flat-earth estimate first, then the geodesic distance of the few that are close.
        let scale = cos(here.latitude * .pi / 180)
        func estimate(_ city: GeoNamesCity) -> Double {
            let dLatitude = city.latitude - here.latitude
            var dLongitude = abs(city.longitude - here.longitude)
            if dLongitude > 180 { dLongitude = 360 - dLongitude }
            return dLatitude * dLatitude + (dLongitude * scale) * (dLongitude * scale)
        }
        var candidates: [(estimate: Double, city: GeoNamesCity)] = []
        for city in table.cities {
            let value = estimate(city)
            guard candidates.count < 8 || value < candidates[candidates.count - 1].estimate else { continue }
            let index = candidates.firstIndex { $0.estimate > value } ?? candidates.count
            candidates.insert((value, city), at: index)
            if candidates.count > 8 { candidates.removeLast() }
        }
        let nearest = candidates.map { candidate in
            (
                city: candidate.city,
                distance: location.distance(
                    from: CLLocation(latitude: candidate.city.latitude, longitude: candidate.city.longitude))
            )
        }.min { $0.distance < $1.distance }
        guard let nearest, nearest.distance <= Self.maximumDistance else { throw CLError(.geocodeFoundNoResult) }
        return [placemark(nearest.city, table: table, locale: locale)]
    }

    func geocode(_ address: String, locale: Locale?, cancellation: GeocodeCancellation) throws(CLError) -> [CLPlacemark]
    {
        let table = try loaded()
        let wanted = address.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !wanted.isEmpty else { throw CLError(.geocodeFoundNoResult) }
        let matches = table.cities.filter {
            $0.name.caseInsensitiveCompare(wanted) == .orderedSame
                || $0.asciiName.caseInsensitiveCompare(wanted) == .orderedSame
        }
        guard !matches.isEmpty else { throw CLError(.geocodeFoundNoResult) }
        return matches.sorted { $0.population > $1.population }.map { placemark($0, table: table, locale: locale) }
    }

    private func placemark(_ city: GeoNamesCity, table: Table, locale: Locale?) -> CLPlacemark {
        var texts: [CLPlacemark.Key: String] = [:]
        texts[.name] = city.name
        texts[.locality] = city.name
        texts[.administrativeArea] = table.admin1["\(city.countryCode).\(city.admin1Code)"] ?? city.admin1Code
        texts[.isoCountryCode] = city.countryCode
        texts[.country] = (locale ?? Locale(identifier: "en_US")).localizedString(forRegionCode: city.countryCode)
        return CLPlacemark(
            location: CLLocation(latitude: city.latitude, longitude: city.longitude),
            texts: texts.compactMapValues(GeocodedText.clean),
            timeZone: TimeZone(identifier: city.timeZone))
    }

    /// The table, read on first use; the same failure on every request when the file cannot be used.
    private func loaded() throws(CLError) -> Table {
        try table.withLock { table in
            if let table { return table }
            let result = Self.read(path)
            table = result
            return result
        }.get()
    }

    /// Why the file at `path` could not be read, naming the setting: `CORELOCATION_GEOCODER=geonames:PATH: cannot
    /// read the file`, or `…: it is a directory, not a GeoNames file`.
    static func unreadable(_ path: String) -> String {
        "CORELOCATION_GEOCODER=geonames:\(path): "
            + (isDirectory(path) ? "it is a directory, not a GeoNames file" : "cannot read the file")
    }

    /// Whether `path` names a directory (through symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// Reads the cities file and, if present, `admin1CodesASCII.txt` beside it.
    private static func read(_ path: String) -> Result<Table, CLError> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(.geocodingFailed(unreadable(path)))
        }
        var table = Table()
        var skipped: [(line: Int, error: GeoNamesCity.LineError)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                table.cities.append(try GeoNamesCity(line: line))
            } catch {
                skipped.append((index + 1, error))
            }
        }
        if let first = skipped.first {
            Diagnostics.warn(
                "\(path):\(first.line): \(describe(first.error)); skipped \(skipped.count) line(s) that are not places")
        }
        guard !table.cities.isEmpty else {
            return .failure(.geocodingFailed("CORELOCATION_GEOCODER=geonames:\(path): no place in the file"))
        }
        let admin1 = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
            "admin1CodesASCII.txt")
        if let codes = try? String(contentsOf: admin1, encoding: .utf8) {
            for line in codes.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count >= 2 { table.admin1[String(fields[0])] = String(fields[1]) }
            }
        }
        return .success(table)
    }

    private static func describe(_ error: GeoNamesCity.LineError) -> String {
        switch error {
        case .columns(let count): return "error: expected 19 tab-separated columns, found \(count)"
        case .coordinate(let text): return "error: latitude,longitude '\(text)' is not a coordinate"
        }
    }
}
