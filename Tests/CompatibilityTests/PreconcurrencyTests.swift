import Foundation
import Testing

/// Callbacks Apple's SDK imports from Objective-C are implicitly `@preconcurrency`: passing a handler that is
/// not `Sendable` is a warning in Swift 6 mode, not an error, and so it must be with the mirror.
@Suite(.timeLimit(.minutes(3))) struct PreconcurrencyTests {
    static let client = """
        import LinuxCoreLocation

        final class Counter { var value = 0 }

        extension CLLocation {
            func reverseGeocode(completion: @escaping ([CLPlacemark]?, Error?) -> Void) {
                CLGeocoder().reverseGeocodeLocation(self, completionHandler: completion)
            }
            func city(completion: @escaping (String?) -> Void) {
                CLGeocoder().reverseGeocodeLocation(self) { placemarks, _ in completion(placemarks?.first?.locality) }
            }
        }

        func lookUp(_ geocoder: CLGeocoder, region: CLRegion, counter: Counter) {
            let handler: CLGeocodeCompletionHandler = { _, _ in counter.value += 1 }
            geocoder.geocodeAddressString("Paris", in: region, completionHandler: handler)
            geocoder.geocodePostalAddress(CNPostalAddress(), preferredLocale: nil, completionHandler: handler)
        }

        func fullAccuracy(_ manager: CLLocationManager, counter: Counter) {
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav") { _ in counter.value += 1 }
        }
        """

    @Test func nonSendableHandlersAreWarningsAsOnApplesPlatforms() throws {
        let outcome = try ClientTypecheck.run(Self.client)
        #expect(outcome.status == 0 && outcome.errors == 0, "\(outcome.output)")
        // Each of the five handlers above is diagnosed: the shapes really are non-Sendable.
        #expect(outcome.warnings >= 5, "\(outcome.output)")
    }
}
