import Foundation
import LocationSupport

/// Offline geocoding from a GeoNames `cities*.txt` file that the user downloaded and names with
/// `CORELOCATION_GEOCODER=geonames:/path/cities500.txt`.
///
/// Reverse geocoding answers the nearest populated place (geodesic distance) within `maximumDistance` as
/// locality, administrative area and country, and no result beyond it; forward geocoding matches the first
/// comma-separated part of the address against the places' names, most populous first. An `admin1CodesASCII.txt` beside
/// the file turns administrative codes into names (`FR.11` → `Île-de-France`); without it the area is the code. The
/// file is read once, on the first request or by ``problem`` if that comes first; lines that are not places are counted
/// and skipped, and reported once on standard error.
final class GeoNamesGeocoder: GeocodingService {
    /// The places of a file.
    private struct Table {
        var cities: [GeoNamesCity] = []
        var admin1: [String: String] = [:]
    }

    /// The places of a file, or why it cannot be used.
    private typealias Reading = Result<Table, GeocoderConfigurationProblem>

    /// What reading the file gave: its places, or why it cannot be used and, once a request has met that, the error
    /// every request gets (made once, so that the reason is said once on standard error).
    private struct Loaded {
        let result: Reading
        var failure: CLError?
    }

    let path: String
    private let loaded = Locked<Loaded?>(nil)

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
        let table = try table()
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
        let table = try table()
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

    /// Why the file cannot be used, reading it unless a request has (``CLGeocoder/configurationProblem(forService:)``);
    /// `nil` when it holds places.
    var problem: GeocoderConfigurationProblem? {
        loaded.withLock { loaded in
            let read = loaded ?? Loaded(result: Self.read(path))
            loaded = read
            guard case .failure(let problem) = read.result else { return nil }
            return problem
        }
    }

    /// The table, read on first use; the same failure on every request when the file cannot be used.
    private func table() throws(CLError) -> Table {
        try loaded.withLock { loaded -> Result<Table, CLError> in
            var read = loaded ?? Loaded(result: Self.read(path))
            defer { loaded = read }
            switch read.result {
            case .success(let table): return .success(table)
            case .failure(let problem):
                let failure = read.failure ?? .geocodingFailed(problem.description)
                read.failure = failure
                return .failure(failure)
            }
        }.get()
    }

    /// Why `path` cannot be opened as a GeoNames file, or `nil` when it can: it cannot be read, or it is no regular
    /// file (a directory; a device or a FIFO, which may never end: `/dev/zero`).
    private static func unopenable(_ path: String) -> String? {
        // With the system's reason: `cannot read the file` alone did not say whether it was missing (a trial).
        guard let kind = FileKind(path: path), access(path, R_OK) == 0 else {
            return "cannot read the file: \(String(cString: strerror(errno)))"
        }
        return kind == .regularFile ? nil : "it is \(kind), not a GeoNames file"
    }

    /// Reads the cities file and, if present, `admin1CodesASCII.txt` beside it; or says why the file cannot be used,
    /// naming the setting: `CORELOCATION_GEOCODER=geonames:PATH: cannot read the file: No such file or directory` (or
    /// that it is a directory or a device), `…: the file is empty, not a GeoNames file`, `…: not a GeoNames file: no
    /// line is a place (line 1: expected 19 tab-separated columns, found 1)`.
    private static func read(_ path: String) -> Reading {
        func problem(_ kind: GeocoderConfigurationProblem.Kind, _ reason: String) -> Reading {
            .failure(GeocoderConfigurationProblem(kind, "CORELOCATION_GEOCODER=geonames:\(path): \(reason)"))
        }
        if let reason = unopenable(path) { return problem(.unreadableFile, reason) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return problem(.unreadableFile, "cannot read the file")
        }
        guard !data.isEmpty else { return problem(.invalidFile, "the file is empty, not a GeoNames file") }
        guard let text = String(data: data, encoding: .utf8) else {
            return problem(.invalidFile, "not a GeoNames file: it is not UTF-8 text")
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
        guard !table.cities.isEmpty else {
            guard let first = skipped.first else {
                return problem(.invalidFile, "no place in the file, only blank lines and comments")
            }
            return problem(
                .invalidFile, "not a GeoNames file: no line is a place (line \(first.line): \(describe(first.error)))")
        }
        if let first = skipped.first {
            Diagnostics.warn(
                "\(path):\(first.line): error: \(describe(first.error)); skipped \(skipped.count) line(s) that are not "
                    + "places")
        }
        let admin1 = URL(literalFilePath: path).deletingLastPathComponent().appendingPathComponent(
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
        case .columns(let count): return "expected 19 tab-separated columns, found \(count)"
        case .coordinate(let text): return "latitude,longitude '\(text)' is not a coordinate"
        }
    }
}
