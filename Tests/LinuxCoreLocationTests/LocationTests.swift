import LinuxCoreLocation
import Testing

@Suite struct LocationTests {
    let date = Date(timeIntervalSince1970: 1_764_484_377)  // 2025-11-30T06:32:57Z

    @Test func latitudeLongitudeInitializerMarksTheRestInvalid() {
        let location = CLLocation(latitude: 48.8584, longitude: 2.2945)
        #expect(location.coordinate.latitude == 48.8584)
        #expect(location.coordinate.longitude == 2.2945)
        #expect(location.altitude == 0)
        #expect(location.horizontalAccuracy == 0)
        #expect(location.verticalAccuracy == -1)
        #expect(location.speed == -1 && location.speedAccuracy == -1)
        #expect(location.course == -1 && location.courseAccuracy == -1)
        #expect(location.floor == nil && location.sourceInformation == nil)
        #expect(abs(location.timestamp.timeIntervalSinceNow) < 60)
    }

    @Test func fullInitializerKeepsEveryValue() {
        let source = CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false)
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: -33.8568, longitude: 151.2153), altitude: 12.5,
            horizontalAccuracy: 4.5, verticalAccuracy: 6.5, course: 271.25, courseAccuracy: 3.5, speed: 1.75,
            speedAccuracy: 0.25, timestamp: date, sourceInfo: source)
        #expect(location.altitude == 12.5 && location.ellipsoidalAltitude == 12.5)
        #expect(location.horizontalAccuracy == 4.5 && location.verticalAccuracy == 6.5)
        #expect(location.course == 271.25 && location.courseAccuracy == 3.5)
        #expect(location.speed == 1.75 && location.speedAccuracy == 0.25)
        #expect(location.timestamp == date)
        #expect(location.sourceInformation?.isSimulatedBySoftware == true)
        #expect(location.sourceInformation?.isProducedByAccessory == false)
    }

    @Test func courseSpeedInitializerLeavesAccuraciesUnknown() {
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2), altitude: 3, horizontalAccuracy: 4,
            verticalAccuracy: 5, course: 90, speed: 1, timestamp: date)
        #expect(location.course == 90 && location.speed == 1)
        #expect(location.courseAccuracy == -1 && location.speedAccuracy == -1)
    }

    @Test func equalityIsIdentityAsOnNSObject() {
        let a = CLLocation(latitude: 1, longitude: 2)
        let b = CLLocation(latitude: 1, longitude: 2)
        #expect(a == a)
        #expect(a != b)
        let copied = a.copy() as? CLLocation
        #expect(copied.map { $0 === a } == true)
    }

    @Test func descriptionHasApplesFormat() {
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 48.8584, longitude: -2.2945), altitude: 0,
            horizontalAccuracy: 5, verticalAccuracy: -1, course: 90, speed: 1, timestamp: date)
        let prefix = "<+48.85840000,-2.29450000> +/- 5.00m (speed 1.00 mps / course 90.00) @ "
        #expect(location.description.hasPrefix(prefix))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "M/d/yy, h:mm:ss a zzzz"
        let datePart = String(location.description.dropFirst(prefix.count))
        #expect(formatter.date(from: datePart) == date)
    }

    @Test func secureCodingRoundTripKeepsEveryValue() throws {
        let original = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 64.1466, longitude: -21.9426), altitude: 45.25,
            ellipsoidalAltitude: 110.5, horizontalAccuracy: 3.25, verticalAccuracy: 4.75, course: 12.5,
            courseAccuracy: 2.5, speed: 13.875, speedAccuracy: 0.5, timestamp: date, floor: CLFloor(level: -2),
            sourceInfo: CLLocationSourceInformation(softwareSimulationState: false, andExternalAccessoryState: true))
        let data = try NSKeyedArchiver.archivedData(withRootObject: original, requiringSecureCoding: true)
        let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CLLocation.self, from: data))
        #expect(copy.coordinate.latitude == 64.1466 && copy.coordinate.longitude == -21.9426)
        #expect(copy.altitude == 45.25 && copy.ellipsoidalAltitude == 110.5)
        #expect(copy.horizontalAccuracy == 3.25 && copy.verticalAccuracy == 4.75)
        #expect(copy.course == 12.5 && copy.courseAccuracy == 2.5)
        #expect(copy.speed == 13.875 && copy.speedAccuracy == 0.5)
        #expect(copy.timestamp == date)
        #expect(copy.floor?.level == -2)
        #expect(copy.sourceInformation?.isProducedByAccessory == true)
        #expect(copy.sourceInformation?.isSimulatedBySoftware == false)
    }
}

@Suite struct LocationDistanceTests {
    @Test("distance(from:) is GeographicLib's s12 within 0.1 mm", arguments: inverseCases)
    func distanceMatchesGeographicLib(_ pair: InverseCase) {
        let from = CLLocation(latitude: pair.latitude1, longitude: pair.longitude1)
        let to = CLLocation(latitude: pair.latitude2, longitude: pair.longitude2)
        #expect(abs(from.distance(from: to) - pair.distance) <= 1e-4)
        #expect(abs(to.distance(from: from) - pair.distance) <= 1e-4)
    }

    @Test func circularRegionContainsByGeodesicDistance() {
        // A 1 km circle astride the antimeridian: a point 999 m east across it is inside, 1001 m is not.
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 0, longitude: 180), radius: 1000, identifier: "dateline")
        let metresPerDegree = 111_319.490_793  // equatorial circumference / 360 on WGS-84
        #expect(region.contains(CLLocationCoordinate2D(latitude: 0, longitude: -180 + 999 / metresPerDegree)))
        #expect(!region.contains(CLLocationCoordinate2D(latitude: 0, longitude: -180 + 1001 / metresPerDegree)))
        let pole = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 90, longitude: 0), radius: 5000, identifier: "pole")
        #expect(pole.contains(CLLocationCoordinate2D(latitude: 89.96, longitude: 135)))
        #expect(!pole.contains(CLLocationCoordinate2D(latitude: 89.95, longitude: -45)))
        #expect(!pole.contains(kCLLocationCoordinate2DInvalid))
    }
}
