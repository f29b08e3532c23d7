import LinuxCoreLocation
import Testing

@Suite struct LegacyValueTypeTests {
    @Test func switchOverAuthorizationWithoutDefault() {
        let store = LegacyPlaceStore()
        #expect(store.describe(.authorizedWhenInUse) == "in use")
        #expect(store.describe(CLAuthorizationStatus.authorized) == "always")
    }

    @Test func errorHandlingStyles() {
        let store = LegacyPlaceStore()
        #expect(store.message(for: CLError(.denied)) == "Location access denied")
        #expect(store.message(for: CLError(.headingFailure)) == "Location error 3")
        #expect(store.message(for: NSError(domain: kCLErrorDomain, code: 2)) == "Network")
    }

    @Test func appDefinedEquatableAndConvenienceInit() {
        let location = CLLocation(fixtureLatitude: 51.5, longitude: -0.12, speed: 3)
        #expect(location.coordinate == CLLocationCoordinate2D(latitude: 51.5, longitude: -0.12))
        #expect(location.speed == 3)
    }

    @Test func regionsInASetReplaceByIdentity() {
        let store = LegacyPlaceStore()
        let centre = CLLocationCoordinate2D(latitude: 40.7484, longitude: -73.9857)
        store.remember(CLCircularRegion(center: centre, radius: 100, identifier: "office"))
        store.remember(CLCircularRegion(center: centre, radius: 100, identifier: "office"))
        store.remember(CLCircularRegion(center: centre, radius: 250, identifier: "gym"))
        #expect(store.places.count == 2)
    }
}
