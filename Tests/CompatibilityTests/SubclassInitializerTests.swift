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
