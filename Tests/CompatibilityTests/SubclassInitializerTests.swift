import LinuxCoreLocation
import Testing

@Suite struct SubclassInitializerTests {
    @Test func locationSubclassesReachEveryDesignatedInitializer() {
        let stop = BusStop(name: "Alma", latitude: 48.86, longitude: 2.33)
        #expect(stop.stopName == "Alma" && stop.coordinate.latitude == 48.86 && stop.coordinate.longitude == 2.33)
        #expect(stop.horizontalAccuracy == 0 && stop.verticalAccuracy == -1 && stop.speed == -1)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let fix = TimedFix(coordinate: CLLocationCoordinate2D(latitude: 3, longitude: 4), at: date)
        #expect(fix.course == 90 && fix.speed == 1.4 && fix.altitude == 35 && fix.verticalAccuracy == 12)
        #expect(fix.courseAccuracy == -1 && fix.speedAccuracy == -1 && fix.timestamp == date)
        #expect(TaggedLocation(latitude: -33.9, longitude: 151.2).coordinate.longitude == 151.2)
    }

    @Test func beaconRegionSubclassReachesADesignatedInitializer() {
        let region = ShopBeaconRegion(shop: "bakery")
        #expect(region.identifier == "bakery" && region.major == nil && region.minor == nil)
        #expect(region.uuid.uuidString == "01020304-0506-0708-090A-0B0C0D0E0F10")
        #expect(oldStyleRegion().radius == 10 && oldStyleRegion().identifier == "old")
    }

    @Test func managerAndGeocoderDoublesOverrideInit() async {
        let manager = InitOverridingManager()
        let stub = CLLocation(latitude: 1, longitude: 2)
        manager.mockLocation = stub
        manager.startUpdatingLocation()
        #expect(manager.didStart && manager.location === stub)
        #expect(InitOverridingManager.authorizationStatus() == .authorizedAlways)
        let placemarks = await withCheckedContinuation { continuation in
            MockGeocoder().reverseGeocodeLocation(stub) { placemarks, _ in continuation.resume(returning: placemarks) }
        }
        #expect(placemarks?.first?.locality == "Stockholm")
    }
}

@Suite struct GeocodingClientTests {
    @Test func theEnvelopeOfAPlacemarkBuiltAsCoreLocationCLIDoes() async {
        let address = CNMutablePostalAddress()
        (address.street, address.city, address.postalCode) = ("5 Avenue Anatole France", "Paris", "75007")
        (address.country, address.isoCountryCode) = ("France", "FR")
        let placemark = CLPlacemark(
            location: CLLocation(latitude: 48.8584, longitude: 2.2945), name: "Tour Eiffel", postalAddress: address)
        #expect(GeocodingClient.envelope(for: placemark) == "5 Avenue Anatole France\n75007 Paris\nFrance")
        let region = CLCircularRegion(center: placemark.location!.coordinate, radius: 100, identifier: "x")
        await GeocodingClient.everyEntryPoint(CLGeocoder(service: nil), region: region, address: address)
    }
}
