import Foundation
import Testing

@testable import LinuxCoreLocation

/// Nominatim's answer for the Eiffel Tower, trimmed to what the mapping reads (values as Nominatim writes them).
let eiffel = """
    {"place_id":1,"lat":"48.8582599","lon":"2.2945006","category":"tourism","type":"attraction",
     "name":"Tour Eiffel","display_name":"Tour Eiffel, 5, Avenue Anatole France, Paris, France",
     "address":{"tourism":"Tour Eiffel","house_number":"5","road":"Avenue Anatole France",
     "suburb":"Paris 7e Arrondissement","city":"Paris","state":"Île-de-France","postcode":"75007",
     "country":"France","country_code":"fr"}}
    """

/// A GeoNames `cities500.txt` excerpt in the export's format (19 tab-separated columns), written by this
/// test: three places, a comment, and one broken line that is counted and skipped.
let cities = [
    [
        "2988507", "Paris", "Paris", "Lutece", "48.85341", "2.3488", "P", "PPLC", "FR", "", "11", "75", "751", "75056",
        "2138551", "", "42", "Europe/Paris", "2023-01-01",
    ],
    [
        "2996944", "Lyon", "Lyon", "", "45.74846", "4.84671", "P", "PPLA", "FR", "", "84", "69", "691", "69123",
        "522969", "", "170", "Europe/Paris", "2023-01-01",
    ],
    [
        "5375480", "Mountain View", "Mountain View", "", "37.38605", "-122.08385", "P", "PPL", "US", "", "CA", "085",
        "", "", "82376", "32", "35", "America/Los_Angeles", "2023-01-01",
    ],
].map { $0.joined(separator: "\t") }

/// Writes the GeoNames fixture (and `admin1CodesASCII.txt` beside it) to a fresh directory.
func geoNamesFixture() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("geonames-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("cities500.txt")
    let text = ["# written by GeocodingServiceTests"] + cities + ["0\tBroken\tBroken\t\tnorth\twest"]
    try text.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    try "FR.11\tÎle-de-France\tIle-de-France\t3012874\nUS.CA\tCalifornia\tCalifornia\t5332921\n".write(
        to: directory.appendingPathComponent("admin1CodesASCII.txt"), atomically: true, encoding: .utf8)
    return file
}

/// Runs one completion-handler request on a callback thread and returns what the handler got.
func answer(_ request: @escaping (@escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void) -> Void)
    -> Answers
{
    let answers = Answers()
    let thread = CallbackThread()
    defer { thread.stop() }
    thread.sync { request { answers.record($0, $1, thread: thread.thread) } }
    answers.wait(for: 1)
    return answers
}

@Suite(.timeLimit(.minutes(3))) struct GeocodingServiceTests {
    @Test func placemarkWithAPostalAddressGivesItBack() throws {
        let address = CNMutablePostalAddress()
        address.street = "1 Infinite Loop"
        address.city = "Cupertino"
        address.state = "CA"
        address.postalCode = "95014"
        address.country = "United States"
        address.isoCountryCode = "US"
        let placemark = CLPlacemark(
            location: CLLocation(latitude: 37.3318, longitude: -122.0312), name: "Apple", postalAddress: address)
        #expect(
            placemark.name == "Apple" && placemark.locality == "Cupertino"
                && placemark.thoroughfare == "1 Infinite Loop")
        #expect(placemark.postalAddress == address)
        #expect(placemark.postalAddress?.isoCountryCode == "US")
        #expect(CLPlacemark().postalAddress == nil)
        #expect((address.copy() as? CNPostalAddress)?.street == "1 Infinite Loop")
    }

    @Test func nominatimServerGivesPlacemarksWithPostalAddresses() throws {
        let server = try FakeHTTPServer { target in
            if target.contains("/reverse?") { return (200, eiffel) }
            if target.contains("q=Champ") { return (200, "[\(eiffel)]") }
            if target.contains("/search?") { return (200, "[]") }
            return (404, "{}")
        }
        defer { server.stop() }
        let geocoder = CLGeocoder(service: server.base + "/nominatim")
        let reverse = answer {
            geocoder.reverseGeocodeLocation(CLLocation(latitude: 48.8584, longitude: 2.2945), completionHandler: $0)
        }
        let placemark = try #require(reverse.placemarks.first?.first)
        #expect(placemark.name == "Tour Eiffel" && placemark.locality == "Paris" && placemark.isoCountryCode == "FR")
        let address = try #require(placemark.postalAddress)
        #expect(address.street == "5 Avenue Anatole France" && address.city == "Paris" && address.postalCode == "75007")
        #expect(
            address.state == "Île-de-France" && address.country == "France"
                && address.subLocality == "Paris 7e Arrondissement")
        #expect(placemark.location?.coordinate.latitude == 48.8582599)
        let search = answer { geocoder.geocodeAddressString("Champ de Mars, Paris", completionHandler: $0) }
        #expect(search.placemarks.first?.first?.subThoroughfare == "5")
        let nothing = answer { geocoder.geocodeAddressString("Nowhere at all", completionHandler: $0) }
        #expect(nothing.recorded == [.geocodeFoundNoResult])
        #expect(server.requests.first == "/nominatim/reverse?lat=48.8584&lon=2.2945&format=jsonv2&addressdetails=1")
        #expect(server.requests.dropFirst().first?.hasPrefix("/nominatim/search?q=Champ%20de%20Mars,%20Paris&") == true)
    }

    @Test func nominatimRefusalAndServerErrors() throws {
        let server = try FakeHTTPServer { target in
            target.contains("lat=0.0") ? (200, #"{"error":"Unable to geocode"}"#) : (500, "oops")
        }
        defer { server.stop() }
        let geocoder = CLGeocoder(service: server.base)
        let sea = answer {
            geocoder.reverseGeocodeLocation(CLLocation(latitude: 0, longitude: 0), completionHandler: $0)
        }
        #expect(sea.recorded == [.geocodeFoundNoResult])
        let broken = answer {
            geocoder.reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 1), completionHandler: $0)
        }
        #expect(broken.recorded == [.network])
    }

    @Test func geoNamesFileGivesTheNearestPlace() async throws {
        let file = try geoNamesFixture()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let geocoder = CLGeocoder(service: "geonames:\(file.path)")
        // The Eiffel Tower is 4.2 km from the centre of Paris.
        let paris = try #require(
            try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 48.8584, longitude: 2.2945)).first)
        #expect(
            paris.locality == "Paris" && paris.administrativeArea == "Île-de-France" && paris.isoCountryCode == "FR")
        #expect(paris.country == "France" && paris.timeZone?.identifier == "Europe/Paris")
        #expect(paris.postalAddress?.city == "Paris" && paris.postalAddress?.state == "Île-de-France")
        // Googleplex: nearer Mountain View than anything else in the file.
        let valley = try #require(
            try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 37.422, longitude: -122.084)).first)
        #expect(valley.locality == "Mountain View" && valley.administrativeArea == "California")
        let lyon = try #require(try await geocoder.geocodeAddressString("lyon, France").first)
        #expect(lyon.location?.coordinate.latitude == 45.74846)
        await #expect(throws: CLError(.geocodeFoundNoResult)) { try await geocoder.geocodeAddressString("Atlantis") }
    }

    @Test func misconfiguredAndMissingServicesAreErrors() async throws {
        let misconfigured = await #expect(throws: CLError.self) {
            try await CLGeocoder(service: "nominatim.example").geocodeAddressString("Paris")
        }
        #expect(misconfigured?.code == .network)
        #expect(misconfigured?.description.contains("names no geocoding service") == true)
        let missing = await #expect(throws: CLError.self) {
            try await CLGeocoder(service: "geonames:/nonexistent/cities500.txt").geocodeAddressString("Paris")
        }
        #expect(missing?.code == .network && missing?.description.contains("cannot read the file") == true)
        let line = try GeoNamesCity(line: Substring(cities[1]))
        #expect(line.name == "Lyon" && line.admin1Code == "84" && line.population == 522969)
        #expect(throws: GeoNamesCity.LineError.columns(6)) {
            try GeoNamesCity(line: "0\tBroken\tBroken\t\tnorth\twest")
        }
    }
}

/// `CLGeocoder.configurationProblem(forService:)`: a malformed setting or an unreadable GeoNames file is named at
/// once, with its kind, in the words of the requests' errors; a usable one, or none, is not a problem.
@Suite struct GeocoderConfigurationTests {
    @Test func aMalformedSettingOrAnUnreadableFileIsAProblemOfItsKind() throws {
        #expect(
            CLGeocoder.configurationProblem(forService: "bogus")
                == GeocoderConfigurationProblem(
                    .malformedValue,
                    "CORELOCATION_GEOCODER=bogus names no geocoding service; use https://HOST[/PATH] for a "
                        + "Nominatim server or geonames:/path/cities500.txt for a GeoNames file"))
        #expect(CLGeocoder.configurationProblem(forService: "geonames:")?.kind == .malformedValue)
        #expect(
            CLGeocoder.configurationProblem(forService: "geonames:/nonexistent/cities500.txt")
                == GeocoderConfigurationProblem(
                    .unreadableFile,
                    "CORELOCATION_GEOCODER=geonames:/nonexistent/cities500.txt: cannot read the file: No such file or "
                        + "directory"))
    }

    /// A directory named as the GeoNames file is said to be one, by the check and by a request through it (it said
    /// only "cannot read the file" before).
    @Test func aDirectoryIsNamedAsOne() async throws {
        let directory = FileManager.default.temporaryDirectory.path
        let reason = "CORELOCATION_GEOCODER=geonames:\(directory): it is a directory, not a GeoNames file"
        #expect(
            CLGeocoder.configurationProblem(forService: "geonames:\(directory)")
                == GeocoderConfigurationProblem(.unreadableFile, reason))
        let failed = await #expect(throws: CLError.self) {
            try await CLGeocoder(service: "geonames:\(directory)").geocodeAddressString("Paris")
        }
        #expect(failed?.code == .network)
        #expect(failed?.description.contains(reason) == true, "\(String(describing: failed))")
    }

    /// A file that is no regular file or no GeoNames file is a problem of the check, which says what is wrong with it.
    ///
    /// A new user's trial: `geonames:/dev/null` passed the check and failed at the first lookup, and a file of
    /// another format (`/etc/passwd`) said "no place in the file" only as a lookup's `network` error. `geonames:` alone
    /// said `geonames:` twice.
    @Test func aFileThatIsNoGeoNamesFileIsAProblemOfTheCheck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("geonames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        let comments = directory.appendingPathComponent("comments.txt")
        try "# no place here\n\n".write(to: comments, atomically: true, encoding: .utf8)
        let passwd = directory.appendingPathComponent("passwd")
        try "root:x:0:0:root:/root:/bin/bash\n\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n".write(
            to: passwd, atomically: true, encoding: .utf8)
        let binary = directory.appendingPathComponent("binary")
        try Data([0x7F, 0x45, 0x4C, 0x46, 0xFF, 0xFE, 0x00, 0x80]).write(to: binary)
        let setting = "CORELOCATION_GEOCODER=geonames:"
        let cases: [(path: String, kind: GeocoderConfigurationProblem.Kind, reason: String)] = [
            ("/dev/null", .unreadableFile, "it is a character device, not a GeoNames file"),
            (empty.path, .invalidFile, "the file is empty, not a GeoNames file"),
            (comments.path, .invalidFile, "no place in the file, only blank lines and comments"),
            (
                passwd.path, .invalidFile,
                "not a GeoNames file: no line is a place (line 1: expected 19 tab-separated columns, found 1)"
            ),
            (binary.path, .invalidFile, "not a GeoNames file: it is not UTF-8 text"),
        ]
        for (path, kind, reason) in cases {
            let problem = CLGeocoder.configurationProblem(forService: "geonames:\(path)")
            #expect(problem == GeocoderConfigurationProblem(kind, "\(setting)\(path): \(reason)"))
        }
        #expect(
            CLGeocoder.configurationProblem(forService: "geonames:")
                == GeocoderConfigurationProblem(
                    .malformedValue, "CORELOCATION_GEOCODER=geonames: needs a file, as in geonames:/path/cities500.txt")
        )
    }

    @Test func aUsableSettingOrNoneIsNot() throws {
        let fixture = try geoNamesFixture()
        defer { try? FileManager.default.removeItem(at: fixture.deletingLastPathComponent()) }
        #expect(CLGeocoder.configurationProblem(forService: "geonames:\(fixture.path)") == nil)
        #expect(CLGeocoder.configurationProblem(forService: "https://nominatim.example.org") == nil)
        #expect(CLGeocoder.configurationProblem(forService: nil) == nil)
        #expect(CLGeocoder.configurationProblem(forService: "") == nil)
    }
}
