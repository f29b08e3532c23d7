import Foundation
import Testing

@testable import LinuxCoreLocation

/// Nominatim's answer for Paris, Texas: the Eiffel answer moved there, so that a search finds two places.
private let texas = eiffel.replacingOccurrences(of: "48.8582599", with: "33.6609")
    .replacingOccurrences(of: "2.2945006", with: "-95.5555")

/// 10 km around Paris, Texas.
private let nearTexas = CLCircularRegion(
    center: CLLocationCoordinate2D(latitude: 33.66, longitude: -95.55), radius: 10_000, identifier: "tx")

/// A Nominatim server whose searches find Paris, France, then Paris, Texas, and whose reverse answer is the
/// Eiffel Tower.
private func twoParisServer() throws -> FakeHTTPServer {
    try FakeHTTPServer { target in target.contains("/search?") ? (200, "[\(eiffel),\(texas)]") : (200, eiffel) }
}

/// Every entry point of Apple's `CLGeocoder` reaches the service with the right query (issue 20, finding 4),
/// and the offline service answers no result far from any place (finding 10).
@Suite(.timeLimit(.minutes(3))) struct GeocoderFormsTests {
    @Test func everyCompletionHandlerFormAsksTheService() throws {
        let server = try twoParisServer()
        defer { server.stop() }
        let geocoder = CLGeocoder(service: server.base)
        let plain = answer { geocoder.geocodeAddressString("Paris", in: nil, completionHandler: $0) }
        #expect(plain.placemarks.first?.map { $0.location?.coordinate.latitude } == [48.8582599, 33.6609])
        let hinted = answer {
            geocoder.geocodeAddressString(
                "Paris", in: nearTexas, preferredLocale: Locale(identifier: "fr_FR"), completionHandler: $0)
        }
        #expect(hinted.placemarks.first?.map { $0.location?.coordinate.latitude } == [33.6609, 48.8582599])
        let address = CNMutablePostalAddress()
        address.street = "5 Avenue Anatole France"
        address.city = "Paris"
        address.postalCode = "75007"
        address.country = "France"
        let postal = answer { geocoder.geocodePostalAddress(address, preferredLocale: nil, completionHandler: $0) }
        #expect(postal.placemarks.first?.count == 2)
        let dictionary: [AnyHashable: Any] = ["City": "Paris", "Street": "5 Avenue Anatole France", "ZIP": "75007"]
        let old = answer { geocoder.geocodeAddressDictionary(dictionary, completionHandler: $0) }
        #expect(old.placemarks.first?.count == 2)
        let reverse = answer {
            geocoder.reverseGeocodeLocation(
                CLLocation(latitude: 48.8584, longitude: 2.2945), preferredLocale: nil, completionHandler: $0)
        }
        #expect(reverse.placemarks.first?.first?.name == "Tour Eiffel")
        let queries = server.requests.map { $0.split(separator: "&").first.map(String.init) ?? "" }
        #expect(
            queries == [
                "/search?q=Paris", "/search?q=Paris",
                "/search?q=5%20Avenue%20Anatole%20France,%20Paris,%2075007,%20France",
                "/search?q=5%20Avenue%20Anatole%20France,%20Paris,%2075007", "/reverse?lat=48.8584",
            ])
    }

    @Test func everyAsyncFormAsksTheService() async throws {
        let server = try twoParisServer()
        defer { server.stop() }
        let geocoder = CLGeocoder(service: server.base)
        let hinted = try await geocoder.geocodeAddressString("Paris", in: nearTexas)
        #expect(hinted.first?.location?.coordinate.latitude == 33.6609)
        let localized = try await geocoder.geocodeAddressString("Paris", in: nil, preferredLocale: nil)
        #expect(localized.first?.location?.coordinate.latitude == 48.8582599)
        let address = CNMutablePostalAddress()
        address.city = "Paris"
        #expect(try await geocoder.geocodePostalAddress(address).count == 2)
        #expect(try await geocoder.geocodePostalAddress(address, preferredLocale: nil).count == 2)
        #expect(try await geocoder.geocodeAddressDictionary(["City": "Paris"]).count == 2)
        let reverse = try await geocoder.reverseGeocodeLocation(
            CLLocation(latitude: 48.8584, longitude: 2.2945), preferredLocale: Locale(identifier: "de_DE"))
        #expect(reverse.first?.locality == "Paris")
        #expect(server.requests.count == 6 && server.requests.filter { $0.hasPrefix("/search?q=Paris&") }.count == 5)
    }

    @Test func geoNamesAnswersNoResultFartherThanFiftyKilometres() async throws {
        let file = try geoNamesFixture()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let geocoder = CLGeocoder(service: "geonames:\(file.path)")
        for (latitude, longitude) in [(0.0, 0.0), (-80.0, 100.0), (49.35, 2.3488)] {
            await #expect(throws: CLError(.geocodeFoundNoResult), "at \(latitude), \(longitude)") {
                try await geocoder.reverseGeocodeLocation(CLLocation(latitude: latitude, longitude: longitude))
            }
        }
        // 44 km north of the centre of Paris: still Paris.
        let north = try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 49.25, longitude: 2.3488))
        #expect(north.first?.locality == "Paris")
    }

    @Test func serviceFailuresSayTheyAreTheGeocodersNotTheProviders() async throws {
        let server = try FakeHTTPServer { target in target.contains("/search?") ? (404, "{}") : (200, "not json") }
        defer { server.stop() }
        let geocoder = CLGeocoder(service: server.base)
        let failures: [(String, String)] = [
            ("search", "HTTP status 404"), ("reverse", "Nominatim's JSON"),
        ]
        for (kind, reason) in failures {
            do {
                _ =
                    kind == "search"
                    ? try await geocoder.geocodeAddressString("Paris")
                    : try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 2))
                Issue.record("expected CLError(.network)")
            } catch let error as CLError {
                #expect(error.code == .network)
                #expect(error.description.hasPrefix("network: the geocoding service failed: geocoding server"))
                #expect(error.description.contains(reason) && !error.description.contains("provider"))
            }
        }
    }

    @Test(arguments: [true, false]) func aReplyLargerThanOneMebibyteIsCancelledAndReported(sendsLength: Bool)
        async throws
    {
        let huge = #"{"display_name":""# + String(repeating: "A", count: 2 << 20) + #""}"#
        let server = try FakeHTTPServer(sendsLength: sendsLength) { _ in (200, huge) }
        defer { server.stop() }
        let error = await #expect(throws: CLError.self) {
            try await CLGeocoder(service: server.base).reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 2))
        }
        #expect(error?.code == .network && error?.description.contains("larger than 1024 KiB") == true)
    }

    @Test func controlAndBidiCharactersNeverReachAPlacemark() async throws {
        let evil = #"""
            {"lat":"48.8584","lon":"2.2945","display_name":"x\u001b[2J\n\ncorelocation: error: fake",
             "address":{"house_number":"1\n2","road":"Rue\u001b[31mRED","city":"Paris\r\nINJECTED,1,2,3",
             "postcode":"75007","country":"France\u202e","country_code":"fr","suburb":"\u0007\u2066 \u0085"}}
            """#
        let server = try FakeHTTPServer { _ in (200, evil) }
        defer { server.stop() }
        let placemark = try #require(
            try await CLGeocoder(service: server.base).reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 2))
                .first)
        #expect(placemark.thoroughfare == "Rue [31mRED" && placemark.subThoroughfare == "1 2")
        #expect(placemark.locality == "Paris INJECTED,1,2,3" && placemark.country == "France")
        #expect(placemark.subLocality == nil && placemark.name == "1 2 Rue [31mRED")
        let address = try #require(placemark.postalAddress)
        let all = [address.street, address.city, address.country, placemark.name ?? ""].joined()
        #expect(
            !all.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    }
}
